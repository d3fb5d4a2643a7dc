import { lazy, Suspense, useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { JsonLd, PageMeta } from '#web/components/seo/page-meta.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { paths } from '#web/config/paths.ts';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { AddToCartForm } from '#web/features/cart/components/add-to-cart-form.tsx';
import { useProduct, useRelatedProducts } from '#web/features/catalog/api/get-product.ts';
import { OtherSellers } from '#web/features/catalog/components/other-sellers.tsx';
import { ProductDetails } from '#web/features/catalog/components/product-details.tsx';
import { breadcrumbJsonLd, productDescription } from '#web/features/catalog/structured-data.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useTakenOver } from '#web/lib/hydration.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
// The heart and Compare, and the shopper's recently viewed products: loaded apart, after the page.
import { ProductActions, RecentlyViewed, rememberView } from '../../layouts/shop-extras-loader.tsx';

// Only an unknown product needs it: loaded then (server rendering waits for it), not with every product page.
const NotFound = lazy(() => import('../not-found.tsx'));
// Below the fold: the cards' code loads after the page's own (server rendering still includes them).
// Loaded apart, after the page: it keeps the product page's first download within its budget.
const CheckDelivery = lazy(() => import('#web/features/delivery/components/check-delivery.tsx'));
const BankOffers = lazy(() => import('#web/features/catalog/components/bank-offers.tsx'));
// Ratings and reviews: their code (forms, lists) loads apart; the server draws their first page.
const ProductReviews = lazy(() => import('#web/features/reviews/components/lazy-product-reviews.tsx'));
const ProductGrid = lazy(() =>
  import('#web/features/catalog/components/product-card.tsx').then((module) => ({ default: module.ProductGrid })),
);

function Related({ id }: { id: number }) {
  const related = useRelatedProducts(id);
  if (!related.data || related.data.items.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-12">
      <h2 id="related-heading" className="mb-4 text-xl font-semibold text-slate-900">
        Related products
      </h2>
      <Suspense fallback={null}>
        <ProductGrid products={related.data.items} />
      </Suspense>
    </section>
  );
}

export default function ProductRoute() {
  const { id = '' } = useParams();
  const store = useStoreInfo();
  const valid = /^[1-9]\d{0,14}$/.test(id);
  const productId = valid ? Number(id) : 0;
  const product = useProduct(productId);
  const { user } = useAuth();
  const navigate = useNavigate();
  const takenOver = useTakenOver();
  const opened = product.data?.id;
  // Remembered in this browser as recently viewed.
  useEffect(() => {
    if (opened !== undefined) rememberView(opened);
  }, [opened]);

  if (!valid || (product.error instanceof ApiError && product.error.status === 404)) return <NotFound />;
  if (product.isPending) return <Loading label="Loading product…" page />;
  if (product.isError) {
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-xl font-semibold">We could not load this product</h1>
        <p className="mt-2 text-slate-600">{product.error.message}</p>
        <Link to={paths.products()} className={`${buttonClass('secondary')} mt-4`}>
          Browse all products
        </Link>
      </div>
    );
  }
  const p = product.data;
  // What the cart remembers of the product, bought from one offer.
  const cartProduct = { id: p.id, name: p.name, image: p.images[0], brand: p.brand, category: p.category };
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
      <PageMeta
        title={`${p.name} · ${store.name}`}
        description={productDescription(p)}
        canonical={paths.product(p.id)}
        image={p.images[0]}
        type="product"
      />
      <JsonLd data={breadcrumbJsonLd(store.url, p.category, p)} />
      <ProductDetails
        product={p}
        actions={
          <>
            <AddToCartForm
              key={`${p.id}:${p.offerId}`}
              stock={p.stock}
              product={{ ...cartProduct, offerId: p.offerId ?? undefined, price: p.price, mrp: p.mrp, stock: p.stock }}
              onBuyNow={(quantity) => void navigate(paths.buyNow(p.id, p.offerId, quantity))}
            />
            <Suspense fallback={<div className="mt-4 h-10" />}>
              <ProductActions product={p} size="md" />
            </Suspense>
          </>
        }
        delivery={
          <Suspense fallback={<div className="mt-4 h-20 border-t border-slate-200" aria-hidden="true" />}>
            <CheckDelivery productId={p.id} offerId={p.offerId} />
          </Suspense>
        }
        sellers={
          <>
            <Suspense fallback={null}>
              <BankOffers price={p.price} />
            </Suspense>
            <OtherSellers
              product={p}
              action={(offer) => (
                <AddToCartForm
                  key={offer.id}
                  stock={offer.stock}
                  seller={offer.vendor.name}
                  product={{ ...cartProduct, offerId: offer.id, price: offer.price, mrp: offer.mrp, stock: offer.stock }}
                />
              )}
            />
          </>
        }
      />
      <Suspense fallback={null}>
        <ProductReviews productId={p.id} signedIn={user !== null} />
      </Suspense>
      <Related id={p.id} />
      {takenOver && (
        <Suspense fallback={null}>
          <RecentlyViewed exclude={p.id} />
        </Suspense>
      )}
    </div>
  );
}
