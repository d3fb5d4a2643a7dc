import type { VendorProduct } from '#shared/schemas/vendor.ts';
import { formatDate } from '#web/lib/format.ts';

/** On a product other sellers also sell: what the seller may change at once, and where its proposed change to the details stands. */
export function SharedDetailsNotice({ product }: { product: VendorProduct }) {
  return (
    <div className="mt-4 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sky-950">
      <p className="font-semibold">
        {product.sellerCount > 1 ? `${product.sellerCount} sellers offer this product` : 'This product is shared'}
      </p>
      <p className="mt-1 text-sm">
        Its name, description, photos and specifications are shared: your price, MRP, stock, SKU and status are saved at once, and a change
        to its details goes to the marketplace for approval.
      </p>
      {product.proposal?.status === 'pending' && (
        <p className="mt-2 text-sm font-medium">
          Your change to its details, sent {formatDate(product.proposal.createdAt)}, awaits the marketplace's approval.
        </p>
      )}
      {product.proposal?.status === 'rejected' && (
        <p className="mt-2 text-sm font-medium">
          The marketplace did not accept your last change to its details: {product.proposal.reason}
        </p>
      )}
    </div>
  );
}

/** A new listing waiting for the marketplace's approval, or turned down with its reason. */
export function ReviewNotice({ review }: { review: VendorProduct['review'] }) {
  if (review.status === 'approved') return null;
  return review.status === 'pending' ? (
    <div className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">Awaiting the marketplace's approval</p>
      <p className="mt-1 text-sm">
        New listings are checked before shoppers see them, usually within a working day. You can keep editing it meanwhile.
      </p>
    </div>
  ) : (
    <div className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4 text-red-950">
      <p className="font-semibold">Not approved by the marketplace</p>
      <p className="mt-1 text-sm">Reason: {review.reason}</p>
      <p className="mt-1 text-sm">Change the listing and save it: it goes back for approval.</p>
    </div>
  );
}
