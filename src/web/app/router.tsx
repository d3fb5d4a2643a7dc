import { lazy } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
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
      { path: '*', element: <NotFound /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
