/**
 * What the shop's pages add once they are drawn, loaded as one chunk apart from every page's
 * first load: the heart and Compare on cards and product pages, the comparison tray, and the
 * shopper's recently viewed products (and the note that a product was opened).
 */
export { default as ProductActions } from './product-actions.tsx';
export { default as CompareTray } from '#web/features/catalog/components/compare-tray.tsx';
export { default as RecentlyViewed } from '#web/features/catalog/components/recently-viewed.tsx';
export { rememberView } from '#web/features/catalog/recently-viewed.ts';
