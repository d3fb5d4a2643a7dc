import { describePayout, type OrderReturn, type PayoutDestination } from '#shared/schemas/orders.ts';
import type { ReturnRow } from './returns.repository.ts';

/** Where a return's photo is read, by its customer, the line's seller or an admin. */
export const returnPhotoUrl = (id: number) => `/api/returns/photos/${id}`;

/** A return as its customer, its seller and admins see it; a payout account only as "UPI ID …" or "bank account ending …". */
export function toOrderReturn(row: ReturnRow, photoIds: readonly number[]): OrderReturn {
  return {
    id: row.id,
    orderItemId: row.orderItemId,
    product: { id: row.productId, name: row.name, image: row.image },
    vendor: { id: row.vendorId, name: row.vendorName },
    quantity: row.quantity,
    reason: row.reason,
    details: row.details,
    resolution: row.resolution,
    status: row.status,
    amount: row.amount,
    photos: photoIds.map((id) => ({ id, url: returnPhotoUrl(id) })),
    pickup: row.pickupCarrier && row.pickupDate ? { carrier: row.pickupCarrier, date: row.pickupDate } : null,
    rejectionReason: row.rejectionReason,
    restocked: row.restocked,
    payoutTo: row.payout ? describePayout(JSON.parse(row.payout) as PayoutDestination) : null,
    creditNote: row.creditNote,
    replacement: row.replacement,
    requestedAt: row.requestedAt,
    approvedAt: row.approvedAt,
    rejectedAt: row.rejectedAt,
    cancelledAt: row.cancelledAt,
    pickedUpAt: row.pickedUpAt,
    receivedAt: row.receivedAt,
    refundedAt: row.refundedAt,
    replacementShippedAt: row.replacementShippedAt,
    confirmBy: row.confirmBy,
  };
}
