import type { Category } from '#shared/categories.ts';

const withRedirect = (path: string, redirectTo?: string) => (redirectTo ? `${path}?redirectTo=${encodeURIComponent(redirectTo)}` : path);

/** Every URL of the web app lives here. */
export const paths = {
  home: () => '/',
  products: () => '/products',
  category: (category: Category) => `/category/${category}`,
  search: (q: string) => `/search?q=${encodeURIComponent(q)}`,
  /** the search page a plain form (one sent before the page's scripts run) adds its `q` to */
  searchPage: () => '/search',
  product: (id: number) => `/product/${id}`,
  vendorStore: (slug: string) => `/store/${slug}`,
  cart: () => '/cart',
  checkout: () => '/checkout',
  /** checkout without an account (`search`: a buy-now's, to check out that item alone) */
  guestCheckout: (search = '') => `/checkout/guest${search}`,
  /** a guest's order placed in this tab: paid, its confirmation; awaiting payment, its payment step */
  guestOrder: (orderId: number) => `/checkout/guest?order=${orderId}`,
  /** the bank page of a guest's Net Banking payment */
  guestBank: (paymentId: number, orderId: number) => `/checkout/guest/bank/${paymentId}?order=${orderId}`,
  /** an order by its number and e-mail, for anyone */
  track: () => '/track',
  /** checkout of this one offer alone, leaving the cart as it is */
  buyNow: (productId: number, offerId: number | null, quantity: number) =>
    `/checkout?buyNow=${productId}${offerId === null ? '' : `&offerId=${offerId}`}&qty=${quantity}`,
  wishlist: () => '/wishlist',
  compare: () => '/compare',
  orderSuccess: () => '/order-success',
  orders: () => '/orders',
  orderDetails: (orderId: string) => `/order-details/${orderId}`,
  /** `redirectTo`: the page to return to once signed in (or registered) */
  login: (redirectTo?: string) => withRedirect('/login', redirectTo),
  account: () => '/account',
  accountDeleted: () => '/account-deleted',
  forgotPassword: () => '/forgot-password',
  resetPassword: () => '/reset-password',
  verifyEmail: () => '/verify-email',
  register: (redirectTo?: string) => withRedirect('/register', redirectTo),
  vendorLogin: () => '/vendor/login',
  vendorRegister: () => '/vendor/register',
  vendorDashboard: () => '/vendor/dashboard',
  adminLogin: () => '/admin/login',
  adminDashboard: () => '/admin/dashboard',
  adminProducts: () => '/admin/products',
  adminProduct: (id: number) => `/admin/products/${id}`,
  adminPayments: () => '/admin/payments',
  adminPayment: (id: number) => `/admin/payments/${id}`,
  adminRetryQueue: () => '/admin/retry-queue',
  about: () => '/about',
  contact: () => '/contact',
  returns: () => '/returns',
  privacy: () => '/privacy',
  terms: () => '/terms',
} as const;
