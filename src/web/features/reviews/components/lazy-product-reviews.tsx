import { type ComponentProps, lazy, Suspense } from 'react';

// A second step of loading: the product page's own code names only this small module, not the
// reviews' many chunks (their names would weigh on the page's first download).
const ProductReviews = lazy(() => import('./product-reviews.tsx'));

export default function LazyProductReviews(props: ComponentProps<typeof ProductReviews>) {
  return (
    <Suspense fallback={null}>
      <ProductReviews {...props} />
    </Suspense>
  );
}
