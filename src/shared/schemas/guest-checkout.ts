import { z } from 'zod';
import { ACCOUNT_FIELDS } from './auth.ts';
import { AddressInputSchema } from './account.ts';
import { FulfilmentSchema, OrderItemSchema, OrderSchema, PlaceOrderInputSchema } from './orders.ts';
import { ORDER_STATUSES } from '../order-states.ts';

const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Unexpected field: ${issue.keys.join(', ')}` : undefined),
  });

/** The header that carries a guest order's token: without it, a guest's order cannot be reached. */
export const GUEST_ORDER_TOKEN_HEADER = 'x-guest-order-token';

/**
 * Checkout without an account: the e-mail for the order's mails and tracking, and the delivery
 * address with its 10-digit Indian mobile, checked as a member's address book checks it. A
 * coupon's uses per customer are counted by the e-mail.
 */
export const GuestOrderInputSchema = strict({
  idempotencyKey: PlaceOrderInputSchema.shape.idempotencyKey,
  email: ACCOUNT_FIELDS.email,
  address: AddressInputSchema,
  items: PlaceOrderInputSchema.shape.items,
  buyerGst: PlaceOrderInputSchema.shape.buyerGst,
  couponCode: PlaceOrderInputSchema.shape.couponCode,
});
export type GuestOrderInput = z.infer<typeof GuestOrderInputSchema>;

/** The order placed, and the token that alone reaches it (keep it: it is not shown again). */
export const GuestOrderSchema = z.object({ order: OrderSchema, token: z.string() });
export type GuestOrder = z.infer<typeof GuestOrderSchema>;

/** Whether a cart not yet ordered may be paid by Cash on Delivery to a PIN code. */
export const GuestCashOnDeliveryQuestionSchema = strict({
  pincode: AddressInputSchema.shape.pincode,
  items: PlaceOrderInputSchema.shape.items,
});

export const TrackOrderInputSchema = strict({
  number: z
    .string({ error: 'Please enter the order number' })
    .trim()
    .toUpperCase()
    .regex(/^CB\d{8}$/, 'Order numbers look like CB00000042'),
  email: ACCOUNT_FIELDS.email,
});
export type TrackOrderInput = z.infer<typeof TrackOrderInputSchema>;

export const TRACK_NOT_FOUND = 'We could not find an order with that number and e-mail';

/**
 * What anyone with an order's number and e-mail sees: its status and each shipment's progress,
 * and where it goes only as far as the city and PIN code (never the street, name or phone).
 */
export const TrackedOrderSchema = z.object({
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  displayStatus: z.string(),
  orderDate: z.string(),
  cancelledAt: z.string().nullable(),
  total: z.number().int(),
  items: z.array(OrderItemSchema.pick({ name: true, image: true, quantity: true })),
  fulfilments: z.array(FulfilmentSchema.omit({ invoice: true, creditNotes: true })),
  deliverTo: z.object({ city: z.string(), state: z.string(), pincode: z.string() }),
});
export type TrackedOrder = z.infer<typeof TrackedOrderSchema>;
