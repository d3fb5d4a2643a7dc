/**
 * The coupon pages' URLs (the app's router mounts them there). Kept out of config/paths.ts, which
 * every shopper's first load carries: shoppers never open these pages.
 */
export const couponPaths = {
  admin: () => '/admin/coupons',
  vendor: () => '/vendor/dashboard/coupons',
} as const;
