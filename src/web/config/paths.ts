import type { Category } from '#shared/categories.ts';

/** Every URL of the web app lives here. */
export const paths = {
  home: () => '/',
  products: () => '/products',
  category: (category: Category) => `/category/${category}`,
  search: (q: string) => `/search?q=${encodeURIComponent(q)}`,
  product: (id: number) => `/product/${id}`,
  cart: () => '/cart',
  checkout: () => '/checkout',
  orderSuccess: () => '/order-success',
  orders: () => '/orders',
  orderDetails: (orderId: string) => `/order-details/${orderId}`,
  login: () => '/login',
  account: () => '/account',
  register: () => '/register',
  vendorLogin: () => '/vendor/login',
  vendorRegister: () => '/vendor/register',
  vendorDashboard: () => '/vendor/dashboard',
  adminLogin: () => '/admin/login',
  adminDashboard: () => '/admin/dashboard',
  about: () => '/about',
  contact: () => '/contact',
  returns: () => '/returns',
  privacy: () => '/privacy',
  terms: () => '/terms',
} as const;
