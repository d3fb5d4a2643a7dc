/**
 * The returns pages' URLs (the app's router mounts them there). Kept out of config/paths.ts, which
 * every shopper's first load carries: shoppers never open them.
 */
export const returnPaths = {
  admin: () => '/admin/returns',
  vendor: () => '/vendor/dashboard/returns',
} as const;
