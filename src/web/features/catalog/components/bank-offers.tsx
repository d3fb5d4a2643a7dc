import { BANK_OFFERS, bankOfferFor, describeBankOffer } from '#shared/bank-offers.ts';
import { formatPrice } from '#shared/money.ts';

/** The banks' instant discounts, with what each takes off this product's price; applied at payment by the card's number. */
export default function BankOffers({ price }: { price: number }) {
  return (
    <section aria-labelledby="bank-offers-heading" className="mt-4 rounded-xl border border-slate-200 bg-white p-4 text-sm">
      <h2 id="bank-offers-heading" className="font-semibold text-slate-900">
        Bank offers
      </h2>
      <ul className="mt-2 space-y-1.5 text-slate-700">
        {BANK_OFFERS.map((offer) => {
          // a card of this bank (any of its BINs) on one of this product
          const saving = bankOfferFor(offer.bins[0]!, price, [offer])?.discount;
          return (
            <li key={offer.id}>
              {describeBankOffer(offer)}
              {saving !== undefined && (
                <span className="font-semibold text-emerald-800"> · save {formatPrice(saving)} on this product</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
