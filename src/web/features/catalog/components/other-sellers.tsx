import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Offer, Product } from '#shared/schemas/catalog.ts';
import { PriceTag } from '#web/components/ui/price-tag.tsx';
import { StockLabel } from '#web/components/ui/stock-label.tsx';
import { paths } from '#web/config/paths.ts';

/** When a seller sends the order on its way, as shoppers read it. */
export function dispatchText(days: number): string {
  return days === 0 ? 'Dispatched today' : `Dispatched in ${days} working day${days === 1 ? '' : 's'}`;
}

/**
 * The offers besides the buy box's, cheapest in stock first (the order the server gives), each
 * with its seller, price, dispatch time and stock, and the page's action to buy from it.
 */
export function OtherSellers({ product, action }: { product: Product; action: (offer: Offer) => ReactNode }) {
  const others = product.offers.filter((offer) => offer.id !== product.offerId);
  if (others.length === 0) return null;
  return (
    <section id="other-sellers" aria-labelledby="other-sellers-heading" className="mt-6">
      <h2 id="other-sellers-heading" className="text-lg font-semibold text-slate-900">
        Other sellers ({others.length})
      </h2>
      <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {others.map((offer) => (
          <li key={offer.id} className="space-y-3 p-4">
            <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
              <div>
                <PriceTag price={offer.price} mrp={offer.mrp} />
                <p className="text-sm text-slate-700">
                  Sold by{' '}
                  <Link
                    to={paths.vendorStore(offer.vendor.slug)}
                    className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
                  >
                    {offer.vendor.name}
                  </Link>
                </p>
              </div>
              <div className="text-sm sm:text-right">
                <StockLabel stock={offer.stock} />
                <p className="text-slate-600">{dispatchText(offer.dispatchDays)}</p>
              </div>
            </div>
            {action(offer)}
          </li>
        ))}
      </ul>
    </section>
  );
}
