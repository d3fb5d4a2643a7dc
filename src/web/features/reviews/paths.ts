/**
 * The review moderation and seller review pages' URLs (the app's router mounts them there). Kept
 * out of config/paths.ts, which every shopper's first load carries: shoppers never open them.
 */
export const reviewPaths = {
  admin: () => '/admin/reviews',
  vendor: () => '/vendor/dashboard/reviews',
} as const;
