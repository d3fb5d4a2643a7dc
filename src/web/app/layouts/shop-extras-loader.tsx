import { lazy } from 'react';

/**
 * The shop's extras (shop-extras.tsx) as the pages use them, loaded as one chunk after the page.
 * The one import() lives here, in the layout's chunk: each page importing it would carry its own
 * list of the chunk's files to preload (some 0.4 kB gzip a page).
 */
const load = () => import('./shop-extras.tsx');

export const ProductActions = lazy(() => load().then((module) => ({ default: module.ProductActions })));
export const CompareTray = lazy(() => load().then((module) => ({ default: module.CompareTray })));
export const RecentlyViewed = lazy(() => load().then((module) => ({ default: module.RecentlyViewed })));

/** Notes in this browser that the shopper opened the product (for Recently viewed). */
export function rememberView(productId: number): void {
  void load().then((module) => module.rememberView(productId));
}
