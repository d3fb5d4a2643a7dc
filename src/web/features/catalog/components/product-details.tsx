import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { CATEGORY_LABELS } from '#shared/categories.ts';
import { emiFrom } from '#shared/emi.ts';
import { formatPrice } from '#shared/money.ts';
import type { Product } from '#shared/schemas/catalog.ts';
import { PriceTag } from '#web/components/ui/price-tag.tsx';
import { StockLabel } from '#web/components/ui/stock-label.tsx';
import { paths } from '#web/config/paths.ts';
import { specRows } from '../spec-rows.ts';
import { ImageGallery } from './image-gallery.tsx';

// Only products out of stock need it, and only once the page is drawn.
const NotifyMe = lazy(() => import('./notify-me.tsx'));

interface ProductDetailsProps {
  product: Product;
  /** the buy box's actions (quantity and add to cart), supplied by the page */
  actions: ReactNode;
  /** the other sellers' offers, under the buy box */
  sellers?: ReactNode;
  /** "Check delivery", at the foot of the buy box */
  delivery?: ReactNode;
}

export function ProductDetails({ product, actions, sellers, delivery }: ProductDetailsProps) {
  const emi = emiFrom(product.price);
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to={paths.home()} className="hover:text-brand-700 hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={paths.category(product.category)} className="hover:text-brand-700 hover:underline">
              {CATEGORY_LABELS[product.category].plural}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="truncate text-slate-900">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="grid gap-8 lg:grid-cols-2">
        <ImageGallery images={product.images} name={product.name} />
        <div>
          <p className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{product.brand}</p>
          <h1 className="mt-1 text-2xl leading-tight font-bold text-slate-900 sm:text-3xl">{product.name}</h1>
          <p className="mt-1 text-sm text-slate-600">
            Sold by{' '}
            <Link
              to={paths.vendorStore(product.vendor.slug)}
              className="font-medium text-slate-800 underline underline-offset-2 hover:text-brand-700"
            >
              {product.vendor.name}
            </Link>
            {product.sellerCount > 1 && (
              <>
                {' · '}
                <a href="#other-sellers" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
                  {product.sellerCount} sellers
                </a>
              </>
            )}
          </p>
          <div className="mt-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
            <PriceTag price={product.price} mrp={product.mrp} size="lg" />
            <p className="text-sm text-slate-600">Inclusive of all taxes</p>
            {emi !== undefined && (
              <p className="mt-2 text-sm text-slate-700">
                EMI from <span className="font-semibold">{formatPrice(emi)}/month</span>. No-cost EMI on 3 and 6 months.
              </p>
            )}
            <div className="mt-3">
              <StockLabel stock={product.stock} />
            </div>
            {product.stock === 0 && (
              <Suspense fallback={null}>
                <NotifyMe productId={product.id} name={product.name} />
              </Suspense>
            )}
            <div className="mt-4">{actions}</div>
            {delivery}
          </div>
          <ul className="mt-4 grid gap-2 text-sm text-slate-700 sm:grid-cols-2">
            <li>✓ GST invoice from the seller</li>
            <li>✓ Manufacturer warranty</li>
            <li>✓ 10-day returns</li>
            {/* Cash on Delivery depends on the seller, the PIN code and the price: "Check delivery" says it. */}
            <li>✓ {emi === undefined ? 'UPI, Net Banking and cards' : 'UPI, Net Banking, cards and EMI'}</li>
          </ul>
          {sellers}
        </div>
      </div>

      <div className="mt-10 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="description-heading">
          <h2 id="description-heading" className="text-xl font-semibold text-slate-900">
            About this product
          </h2>
          <p className="mt-3 leading-7 text-slate-700">{product.description}</p>
        </section>
        <section aria-labelledby="specs-heading">
          <h2 id="specs-heading" className="text-xl font-semibold text-slate-900">
            Specifications
          </h2>
          <table className="mt-3 w-full overflow-hidden rounded-xl border border-slate-200 bg-white text-sm">
            <tbody>
              {specRows(product.category, product.specs).map(([label, value]) => (
                <tr key={label} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="w-2/5 bg-slate-50 px-4 py-2.5 text-left font-medium text-slate-600">
                    {label}
                  </th>
                  <td className="px-4 py-2.5 text-slate-900">{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </>
  );
}
