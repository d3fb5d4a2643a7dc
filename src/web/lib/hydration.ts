import { useSyncExternalStore } from 'react';

/** The element holding, as JSON, the query data a server-rendered page was drawn from. */
export const SSR_STATE_ID = 'ssr-state';

/**
 * Whether the app is starting on a page the server rendered. Its first render must then draw
 * exactly what the server drew, so what only the browser knows (the saved cart) waits for an
 * effect. Set once, by main.tsx, before the first render; the server never sets it, and
 * renders what a first visit shows.
 */
let hydrating = false;

export function startHydrating(): void {
  hydrating = true;
}

export function isHydrating(): boolean {
  return hydrating;
}

const noChanges = () => () => {};

/**
 * False while a page is drawn as the server drew it (on the server, and in the browser's first
 * render of a server-rendered page); true from then on, and at once in an app that started empty.
 * For parts the server draws as a stand-in (menus whose code loads later).
 */
export function useTakenOver(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
