import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { AppProviders } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import './styles.css';

// The Content-Security-Policy forbids eval; zod would otherwise probe `new Function` on every
// page (refused, so reported as a violation) before parsing without compiled parsers anyway.
zodConfig({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
