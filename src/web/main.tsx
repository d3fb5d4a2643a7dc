import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { AppProviders } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import './styles.css';

// The Content-Security-Policy forbids eval; zod would otherwise probe `new Function` on every
// page (refused, so reported as a violation) before parsing without compiled parsers anyway.
zodConfig({ jitless: true });

// A tab opened before a new release asks for scripts that release removed: load the new page
// once instead of showing an error (Vite's documented recovery). Once only, so a real outage
// still shows the error page.
window.addEventListener('vite:preloadError', (event) => {
  if (sessionStorage.getItem('reloaded-for-release') === location.pathname) return;
  sessionStorage.setItem('reloaded-for-release', location.pathname);
  event.preventDefault();
  location.reload();
});

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
