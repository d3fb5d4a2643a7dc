import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { config as zodConfig } from 'zod/v4/core';
import { isHydrating, noteTypedFields, SSR_STATE_ID, startHydrating } from '#web/lib/hydration.ts';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { preloadPages, routes } from './app/routes.tsx';
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

// A page the server rendered carries the data it was drawn from (not a script: the CSP runs none
// inline); the app starts from that data and takes over the page as drawn, instead of drawing it
// again. Any other page starts empty.
const queryClient = createQueryClient();
const rendered = document.getElementById(SSR_STATE_ID);
if (rendered?.textContent) {
  hydrate(queryClient, JSON.parse(rendered.textContent));
  startHydrating();
}
const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <AppRouter />
    </AppProviders>
  </StrictMode>
);
// The page's code first (already on its way: the server preloads it), so it is taken over as drawn.
// What the shopper typed meanwhile is noted last, just before React takes the fields over.
if (isHydrating()) {
  void preloadPages(matchRoutes(routes, window.location) ?? []).then(() => {
    noteTypedFields(root);
    hydrateRoot(root, app);
  });
} else {
  // The shell's title would stay in the head beside the one the page draws: the page's alone.
  document.querySelector('title')?.remove();
  createRoot(root).render(app);
}
