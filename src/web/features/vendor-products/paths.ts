/** The vendor product pages; the app's router mounts them at these URLs. */
export const vendorProductPaths = {
  list: () => '/vendor/dashboard/products',
  create: () => '/vendor/dashboard/products/new',
  import: () => '/vendor/dashboard/products/import',
  sell: () => '/vendor/dashboard/products/sell',
  edit: (id: number) => `/vendor/dashboard/products/${id}`,
  importTemplate: () => '/api/vendor/products/import/template',
} as const;
