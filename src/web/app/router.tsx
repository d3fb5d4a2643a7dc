import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { Loading } from '#web/components/ui/loading.tsx';
import { paths } from '#web/config/paths.ts';
import { RequireUser } from './guards.tsx';
import { AdminLayout } from './layouts/admin-layout.tsx';
import { VendorLayout } from './layouts/vendor-layout.tsx';
import { StoreLayout } from './layouts/store-layout.tsx';
import { RouteError } from './routes/route-error.tsx';

// Every page is its own chunk, loaded on demand behind the layout's "Loading…" fallback.
const Home = lazy(() => import('./routes/store/home.tsx'));
const Products = lazy(() => import('./routes/store/products.tsx'));
const CategoryPage = lazy(() => import('./routes/store/category.tsx'));
const Search = lazy(() => import('./routes/store/search.tsx'));
const ProductPage = lazy(() => import('./routes/store/product.tsx'));
const Cart = lazy(() => import('./routes/store/cart.tsx'));
const About = lazy(() => import('#web/features/info/components/about-page.tsx'));
const Contact = lazy(() => import('#web/features/info/components/contact-page.tsx'));
const Returns = lazy(() => import('#web/features/info/components/returns-page.tsx'));
const Privacy = lazy(() => import('#web/features/info/components/privacy-page.tsx'));
const Terms = lazy(() => import('#web/features/info/components/terms-page.tsx'));
const NotFound = lazy(() => import('./routes/not-found.tsx'));
const Login = lazy(() => import('./routes/store/login.tsx'));
const Register = lazy(() => import('./routes/store/register.tsx'));
const Account = lazy(() => import('./routes/account/account.tsx'));
const VendorLogin = lazy(() => import('./routes/vendor/login.tsx'));
const VendorRegister = lazy(() => import('./routes/vendor/register.tsx'));
const VendorDashboard = lazy(() => import('./routes/vendor/dashboard.tsx'));
const VendorProducts = lazy(() => import('./routes/vendor/products.tsx'));
const VendorProductEditor = lazy(() => import('./routes/vendor/product-editor.tsx'));
const VendorProductImport = lazy(() => import('./routes/vendor/product-import.tsx'));
const VendorOrders = lazy(() => import('./routes/vendor/orders.tsx'));
const VendorSettlements = lazy(() => import('./routes/vendor/settlements.tsx'));
const VendorProfile = lazy(() => import('./routes/vendor/profile.tsx'));
const VendorStore = lazy(() => import('./routes/store/vendor-store.tsx'));
const Checkout = lazy(() => import('./routes/checkout/checkout.tsx'));
const Bank = lazy(() => import('./routes/checkout/bank.tsx'));
const OrderSuccess = lazy(() => import('./routes/checkout/order-success.tsx'));
const Orders = lazy(() => import('./routes/account/orders.tsx'));
const OrderDetails = lazy(() => import('./routes/account/order-details.tsx'));
const AdminLogin = lazy(() => import('./routes/admin/login.tsx'));
const AdminDashboard = lazy(() => import('./routes/admin/dashboard.tsx'));
const AdminUsers = lazy(() => import('./routes/admin/users.tsx'));
const AdminProducts = lazy(() => import('./routes/admin/products.tsx'));
const AdminProductEdit = lazy(() => import('./routes/admin/product-edit.tsx'));
const AdminPayments = lazy(() => import('./routes/admin/payments.tsx'));
const AdminUserDetail = lazy(() => import('./routes/admin/user-detail.tsx'));
const AdminAudit = lazy(() => import('./routes/admin/audit.tsx'));
const AdminPaymentDetail = lazy(() => import('./routes/admin/payment-detail.tsx'));
const AdminRetryQueue = lazy(() => import('./routes/admin/retry-queue.tsx'));

const router = createBrowserRouter([
  {
    element: <StoreLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Home /> },
      { path: 'products', element: <Products /> },
      { path: 'category/:category', element: <CategoryPage /> },
      { path: 'search', element: <Search /> },
      { path: 'product/:id', element: <ProductPage /> },
      { path: 'cart', element: <Cart /> },
      { path: 'about', element: <About /> },
      { path: 'contact', element: <Contact /> },
      { path: 'returns', element: <Returns /> },
      { path: 'privacy', element: <Privacy /> },
      { path: 'terms', element: <Terms /> },
      { path: 'login', element: <Login /> },
      { path: 'register', element: <Register /> },
      { path: 'account', element: <RequireUser><Account /></RequireUser> },
      { path: 'checkout', element: <RequireUser><Checkout /></RequireUser> },
      { path: 'checkout/bank/:paymentId', element: <RequireUser><Bank /></RequireUser> },
      { path: 'order-success', element: <RequireUser><OrderSuccess /></RequireUser> },
      { path: 'orders', element: <RequireUser><Orders /></RequireUser> },
      { path: 'order-details/:orderId', element: <RequireUser><OrderDetails /></RequireUser> },
      { path: 'vendor/login', element: <VendorLogin /> },
      { path: 'vendor/register', element: <VendorRegister /> },
      {
        path: 'vendor/dashboard',
        element: <VendorLayout />,
        children: [
          { index: true, element: <VendorDashboard /> },
          { path: 'products', element: <VendorProducts /> },
          { path: 'products/new', element: <VendorProductEditor /> },
          { path: 'products/import', element: <VendorProductImport /> },
          { path: 'products/:productId', element: <VendorProductEditor /> },
          { path: 'orders', element: <VendorOrders /> },
          { path: 'settlements', element: <VendorSettlements /> },
          { path: 'profile', element: <VendorProfile /> },
        ],
      },
      { path: 'store/:vendorSlug', element: <VendorStore /> },
      { path: '*', element: <NotFound /> },
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
    element: <AdminLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to={paths.adminDashboard()} replace /> },
      { path: 'dashboard', element: <AdminDashboard /> },
      { path: 'users', element: <AdminUsers /> },
      { path: 'users/:uid', element: <AdminUserDetail /> },
      { path: 'audit', element: <AdminAudit /> },
      { path: 'products', element: <AdminProducts /> },
      { path: 'products/:id', element: <AdminProductEdit /> },
      { path: 'payments', element: <AdminPayments /> },
      { path: 'payments/:id', element: <AdminPaymentDetail /> },
      { path: 'retry-queue', element: <AdminRetryQueue /> },
      { path: '*', element: <Navigate to={paths.adminDashboard()} replace /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
