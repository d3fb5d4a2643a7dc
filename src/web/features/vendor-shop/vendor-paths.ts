/** The vendor dashboard's pages and the public store page (the app's router owns the routes). */
export const vendorPaths = {
  overview: () => '/vendor/dashboard',
  orders: (status?: string) => (status ? `/vendor/dashboard/orders?status=${encodeURIComponent(status)}` : '/vendor/dashboard/orders'),
  profile: () => '/vendor/dashboard/profile',
  settlementsCsv: (days: number) => `/api/vendor/settlements.csv?days=${days}`,
  store: (slug: string) => `/store/${encodeURIComponent(slug)}`,
} as const;
