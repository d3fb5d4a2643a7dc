import { useEffect, useId, useRef, useState } from 'react';
import { type VendorProduct } from '#shared/schemas/vendor.ts';
import { formSectionClass } from '#web/components/product-form/product-fields.tsx';
import { ErrorAlert } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { errorMessage, useArchiveVendorProduct, useDeleteVendorProduct } from '../api/vendor-products.ts';
import { otherSellersOnSale, otherSellersText } from './other-sellers.ts';

interface ManageProductProps {
  product: VendorProduct;
  archive: ReturnType<typeof useArchiveVendorProduct>;
  onArchived: (product: VendorProduct) => void;
  onDeleted: () => void;
}

/** An archived offer: off the store, unless other sellers still sell the product. */
export function ArchivedNotice({ product, shopApproved }: { product: VendorProduct; shopApproved: boolean }) {
  const others = otherSellersOnSale(product);
  const back = `save it as a draft${shopApproved ? ' or publish it' : ''}`;
  return (
    <div className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">{others === 0 ? 'This product is archived' : 'Your offer is archived'}</p>
      <p className="mt-1 text-sm">
        {others === 0
          ? `Shoppers cannot see or buy it. To bring it back, ${back}.`
          : `Shoppers cannot buy it from you; it stays on sale from ${otherSellersText(others)}. To sell it again, ${back}.`}
      </p>
    </div>
  );
}

/** Archive (withdraw this seller's offer) and, for products nobody has ordered, delete with a confirmation. */
export function ManageProduct({ product, archive, onArchived, onDeleted }: ManageProductProps) {
  const ids = useId();
  const remove = useDeleteVendorProduct();
  const [confirming, setConfirming] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      deleteRef.current?.focus();
    }
  }, [confirming]);

  const error = archive.error ?? remove.error;
  const others = otherSellersOnSale(product);

  return (
    <section aria-labelledby={`${ids}-heading`} className={`${formSectionClass} mt-6`}>
      <h2 id={`${ids}-heading`} className="text-lg font-semibold text-slate-900">
        Archive or delete
      </h2>
      <div className="mt-4 space-y-5">
        {product.status !== 'archived' && (
          <div>
            <p className="text-sm text-slate-600">
              {others === 0
                ? 'Archiving hides the product from shoppers and keeps its order history. You can bring it back later.'
                : `Archiving withdraws your offer and keeps its order history; the product stays on sale from ${otherSellersText(others)}. You can bring your offer back later.`}
            </p>
            <button
              type="button"
              disabled={archive.isPending}
              className={`${buttonClass('secondary')} mt-2 w-full sm:w-auto`}
              onClick={() => {
                remove.reset();
                archive.mutate(product.id, { onSuccess: onArchived });
              }}
            >
              {archive.isPending ? 'Archiving…' : 'Archive'}
            </button>
          </div>
        )}

        {product.hasOrders ? (
          <p className="text-sm text-slate-600">
            {others === 0
              ? 'This product has orders, so it cannot be deleted. Archive it to hide it from shoppers.'
              : 'Your offer has orders, so it cannot be deleted. Archive it to stop selling the product.'}
          </p>
        ) : confirming ? (
          <div role="group" aria-labelledby={`${ids}-confirm`} className="rounded-lg border border-red-200 bg-red-50 p-4">
            <p id={`${ids}-confirm`} className="font-semibold text-red-900">
              Delete this product?
            </p>
            <p className="mt-1 text-sm text-red-900">
              {others === 0
                ? `“${product.name}” will be removed for good. This cannot be undone.`
                : `Your offer of “${product.name}” will be removed for good; the product stays on sale from ${otherSellersText(others)}. This cannot be undone.`}
            </p>
            <div className="mt-3 flex flex-col gap-2 sm:flex-row">
              <button
                type="button"
                disabled={remove.isPending}
                className={`${buttonClass('primary')} w-full bg-red-700 hover:bg-red-800 disabled:hover:bg-red-700 sm:w-auto`}
                onClick={() => {
                  archive.reset();
                  remove.mutate(product.id, { onSuccess: onDeleted });
                }}
              >
                {remove.isPending ? 'Deleting…' : 'Delete for good'}
              </button>
              <button
                ref={cancelRef}
                type="button"
                className={`${buttonClass('secondary')} w-full sm:w-auto`}
                onClick={() => {
                  returnFocus.current = true;
                  remove.reset();
                  setConfirming(false);
                }}
              >
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <div>
            <p className="text-sm text-slate-600">
              {others === 0
                ? 'Nobody has ordered this product yet, so you can delete it completely.'
                : `Nobody has ordered it from you yet, so you can delete your offer completely; the product stays on sale from ${otherSellersText(others)}.`}
            </p>
            <button
              ref={deleteRef}
              type="button"
              className={`${buttonClass('secondary')} mt-2 w-full text-red-700 sm:w-auto`}
              onClick={() => setConfirming(true)}
            >
              Delete
            </button>
          </div>
        )}

        {error && <ErrorAlert>{errorMessage(error, 'That did not work. Please check your internet connection and try again.')}</ErrorAlert>}
      </div>
    </section>
  );
}
