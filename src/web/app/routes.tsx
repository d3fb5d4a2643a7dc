import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { Loading } from '#web/components/ui/loading.tsx';
import { paths } from '#web/config/paths.ts';
import { RequireUser } from './guards.tsx';
import { StoreLayout } from './layouts/store-layout.tsx';
import { RouteError } from './routes/route-error.tsx';

/** A page whose code loads on demand, and can be loaded ahead (`preload`) so that drawing it does not wait. */
type LazyPage = (() => ReactElement) & { preload: () => Promise<unknown> };

function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  // Once loaded, drawn directly: a page rendered on the server or taken over in the browser then
  // never shows the "Loading…" fallback in its place.
  const Page = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  return Object.assign(Page, { preload });
}

/** Loads the code of the pages an address shows (the matches of `matchRoutes`), so they draw at once. */
export function preloadPages(matches: ReadonlyArray<{ route: RouteObject }>): Promise<unknown> {
  const pages = matches.flatMap((match) => {
    const type: unknown = (match.route.element as ReactElement | undefined)?.type;
    return typeof type === 'function' && 'preload' in type ? [type as LazyPage] : [];
  });
  return Promise.all(pages.map((page) => page.preload()));
}

// The vendor's and the admin's layouts are loaded with their first page: shoppers never need them.
const VendorLayout = lazyPage(() => import('./layouts/vendor-layout.tsx').then((module) => ({ default: module.VendorLayout })));
const AdminLayout = lazyPage(() => import('./layouts/admin-layout.tsx').then((module) => ({ default: module.AdminLayout })));

// Every page is its own chunk, loaded on demand behind the layout's "Loading…" fallback.
const Home = lazyPage(() => import('./routes/store/home.tsx'));
const Products = lazyPage(() => import('./routes/store/products.tsx'));
const CategoryPage = lazyPage(() => import('./routes/store/category.tsx'));
const Search = lazyPage(() => import('./routes/store/search.tsx'));
const ProductPage = lazyPage(() => import('./routes/store/product.tsx'));
const Cart = lazyPage(() => import('./routes/store/cart.tsx'));
const Wishlist = lazyPage(() => import('./routes/store/wishlist.tsx'));
const Compare = lazyPage(() => import('./routes/store/compare.tsx'));
const About = lazyPage(() => import('#web/features/info/components/about-page.tsx'));
const Contact = lazyPage(() => import('#web/features/info/components/contact-page.tsx'));
const Returns = lazyPage(() => import('#web/features/info/components/returns-page.tsx'));
const Privacy = lazyPage(() => import('#web/features/info/components/privacy-page.tsx'));
const Terms = lazyPage(() => import('#web/features/info/components/terms-page.tsx'));
const NotFound = lazyPage(() => import('./routes/not-found.tsx'));
const Login = lazyPage(() => import('./routes/store/login.tsx'));
const Register = lazyPage(() => import('./routes/store/register.tsx'));
const Account = lazyPage(() => import('./routes/account/account.tsx'));
const AccountDeleted = lazyPage(() => import('./routes/store/account-deleted.tsx'));
const ForgotPassword = lazyPage(() => import('./routes/store/forgot-password.tsx'));
const ResetPassword = lazyPage(() => import('./routes/store/reset-password.tsx'));
const VerifyEmail = lazyPage(() => import('./routes/store/verify-email.tsx'));
const VendorLogin = lazyPage(() => import('./routes/vendor/login.tsx'));
const VendorRegister = lazyPage(() => import('./routes/vendor/register.tsx'));
const VendorDashboard = lazyPage(() => import('./routes/vendor/dashboard.tsx'));
const VendorProducts = lazyPage(() => import('./routes/vendor/products.tsx'));
const VendorProductEditor = lazyPage(() => import('./routes/vendor/product-editor.tsx'));
const VendorProductImport = lazyPage(() => import('./routes/vendor/product-import.tsx'));
const VendorOffer = lazyPage(() => import('./routes/vendor/product-sell.tsx'));
const VendorOrders = lazyPage(() => import('./routes/vendor/orders.tsx'));
const VendorSettlements = lazyPage(() => import('./routes/vendor/settlements.tsx'));
const VendorProfile = lazyPage(() => import('./routes/vendor/profile.tsx'));
const VendorCoupons = lazyPage(() => import('./routes/vendor/coupons.tsx'));
const VendorReviews = lazyPage(() => import('./routes/vendor/reviews.tsx'));
const VendorReturns = lazyPage(() => import('./routes/vendor/returns.tsx'));
const VendorStore = lazyPage(() => import('./routes/store/vendor-store.tsx'));
const Checkout = lazyPage(() => import('./routes/checkout/checkout.tsx'));
const Bank = lazyPage(() => import('./routes/checkout/bank.tsx'));
const GuestBank = lazyPage(() => import('./routes/checkout/bank.tsx').then((module) => ({ default: module.GuestBankRoute })));
const OrderSuccess = lazyPage(() => import('./routes/checkout/order-success.tsx'));
const GuestCheckout = lazyPage(() => import('./routes/checkout/guest-checkout.tsx'));
const Track = lazyPage(() => import('./routes/store/track.tsx'));
const ConfirmReturn = lazyPage(() => import('./routes/store/confirm-return.tsx'));
const Orders = lazyPage(() => import('./routes/account/orders.tsx'));
const OrderDetails = lazyPage(() => import('./routes/account/order-details.tsx'));
const AdminLogin = lazyPage(() => import('./routes/admin/login.tsx'));
const AdminDashboard = lazyPage(() => import('./routes/admin/dashboard.tsx'));
const AdminUsers = lazyPage(() => import('./routes/admin/users.tsx'));
const AdminProducts = lazyPage(() => import('./routes/admin/products.tsx'));
const AdminProductEdit = lazyPage(() => import('./routes/admin/product-edit.tsx'));
const AdminPayments = lazyPage(() => import('./routes/admin/payments.tsx'));
const AdminUserDetail = lazyPage(() => import('./routes/admin/user-detail.tsx'));
const AdminAudit = lazyPage(() => import('./routes/admin/audit.tsx'));
const AdminPaymentDetail = lazyPage(() => import('./routes/admin/payment-detail.tsx'));
const AdminRetryQueue = lazyPage(() => import('./routes/admin/retry-queue.tsx'));
const AdminProductChanges = lazyPage(() => import('./routes/admin/product-changes.tsx'));
const AdminCoupons = lazyPage(() => import('./routes/admin/coupons.tsx'));
const AdminReviews = lazyPage(() => import('./routes/admin/reviews.tsx'));
const AdminReturns = lazyPage(() => import('./routes/admin/returns.tsx'));

/** The pages the server renders, and which data each needs (see entry-server.tsx); the others are drawn in the browser. */
export type SsrPage = 'home' | 'products' | 'category' | 'search' | 'product' | 'info' | 'vendor-store' | 'not-found';

export interface RouteHandle {
  ssr?: SsrPage;
}

function ssr(page: SsrPage): RouteHandle {
  return { ssr: page };
}

export const routes: RouteObject[] = [
  {
    element: <StoreLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Home />, handle: ssr('home') },
      { path: 'products', element: <Products />, handle: ssr('products') },
      { path: 'category/:category', element: <CategoryPage />, handle: ssr('category') },
      { path: 'search', element: <Search />, handle: ssr('search') },
      { path: 'product/:id', element: <ProductPage />, handle: ssr('product') },
      { path: 'cart', element: <Cart /> },
      {
        path: 'wishlist',
        element: (
          <RequireUser>
            <Wishlist />
          </RequireUser>
        ),
      },
      { path: 'compare', element: <Compare /> },
      { path: 'about', element: <About />, handle: ssr('info') },
      { path: 'contact', element: <Contact />, handle: ssr('info') },
      { path: 'returns', element: <Returns />, handle: ssr('info') },
      { path: 'privacy', element: <Privacy />, handle: ssr('info') },
      { path: 'terms', element: <Terms />, handle: ssr('info') },
      { path: 'login', element: <Login /> },
      { path: 'register', element: <Register /> },
      { path: 'forgot-password', element: <ForgotPassword /> },
      { path: 'reset-password', element: <ResetPassword /> },
      { path: 'verify-email', element: <VerifyEmail /> },
      {
        path: 'account',
        element: (
          <RequireUser>
            <Account />
          </RequireUser>
        ),
      },
      { path: 'account-deleted', element: <AccountDeleted /> },
      {
        path: 'checkout',
        element: (
          <RequireUser>
            <Checkout />
          </RequireUser>
        ),
      },
      { path: 'checkout/guest', element: <GuestCheckout /> },
      { path: 'checkout/guest/bank/:paymentId', element: <GuestBank /> },
      { path: 'track', element: <Track /> },
      { path: 'track/confirm-return', element: <ConfirmReturn /> },
      {
        path: 'checkout/bank/:paymentId',
        element: (
          <RequireUser>
            <Bank />
          </RequireUser>
        ),
      },
      {
        path: 'order-success',
        element: (
          <RequireUser>
            <OrderSuccess />
          </RequireUser>
        ),
      },
      { path: 'orders', element: <Orders /> },
      {
        path: 'order-details/:orderId',
        element: (
          <RequireUser>
            <OrderDetails />
          </RequireUser>
        ),
      },
      { path: 'vendor/login', element: <VendorLogin /> },
      { path: 'vendor/register', element: <VendorRegister /> },
      { path: 'store/:vendorSlug', element: <VendorStore />, handle: ssr('vendor-store') },
      { path: '*', element: <NotFound />, handle: ssr('not-found') },
    ],
  },
  {
    // The seller console: its own layout, without the shop's header, search, cart and footer.
    path: 'vendor/dashboard',
    element: (
      <Suspense fallback={<Loading page />}>
        <VendorLayout />
      </Suspense>
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <VendorDashboard /> },
      { path: 'products', element: <VendorProducts /> },
      { path: 'products/new', element: <VendorProductEditor /> },
      { path: 'products/import', element: <VendorProductImport /> },
      { path: 'products/sell', element: <VendorOffer /> },
      { path: 'products/:productId', element: <VendorProductEditor /> },
      { path: 'orders', element: <VendorOrders /> },
      { path: 'settlements', element: <VendorSettlements /> },
      { path: 'coupons', element: <VendorCoupons /> },
      { path: 'reviews', element: <VendorReviews /> },
      { path: 'returns', element: <VendorReturns /> },
      { path: 'profile', element: <VendorProfile /> },
    ],
  },
  {
    path: 'admin/login',
    errorElement: <RouteError />,
    element: (
      <Suspense fallback={<Loading />}>
        <AdminLogin />
      </Suspense>
    ),
  },
  {
    path: 'admin',
    element: (
      <Suspense fallback={<Loading page />}>
        <AdminLayout />
      </Suspense>
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to={paths.adminDashboard()} replace /> },
      { path: 'dashboard', element: <AdminDashboard /> },
      { path: 'users', element: <AdminUsers /> },
      { path: 'users/:uid', element: <AdminUserDetail /> },
      { path: 'audit', element: <AdminAudit /> },
      { path: 'products', element: <AdminProducts /> },
      { path: 'products/:id', element: <AdminProductEdit /> },
      { path: 'product-changes', element: <AdminProductChanges /> },
      { path: 'payments', element: <AdminPayments /> },
      { path: 'payments/:id', element: <AdminPaymentDetail /> },
      { path: 'retry-queue', element: <AdminRetryQueue /> },
      { path: 'coupons', element: <AdminCoupons /> },
      { path: 'reviews', element: <AdminReviews /> },
      { path: 'returns', element: <AdminReturns /> },
      { path: '*', element: <Navigate to={paths.adminDashboard()} replace /> },
    ],
  },
];
