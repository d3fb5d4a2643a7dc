import { z } from 'zod';
import { ORDER_STATUSES } from '../order-states.ts';
import { AddressInputSchema } from './account.ts';
import { ACCOUNT_FIELDS } from './auth.ts';
import { FulfilmentSchema, OrderItemSchema, OrderReturnSchema, OrderSchema, PlaceOrderInputSchema } from './orders.ts';
import { CreateReturnInputSchema } from './returns.ts';

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
 * A return as /track shows it: its photos only counted and its credit note left out (those open
 * for the signed-in customer, the seller and admins); a Cash on Delivery account only as "UPI ID …".
 */
export const TrackedReturnSchema = OrderReturnSchema.omit({ photos: true, creditNote: true }).extend({ photoCount: z.number().int() });
export type TrackedReturn = z.infer<typeof TrackedReturnSchema>;

/**
 * What anyone with an order's number and e-mail sees: its status, each shipment's progress, each
 * line's returns, and where it goes only as far as the city and PIN code (never the street, name
 * or phone). A guest's order (`guestOrder`) is returned from here; an account's from its page.
 */
export const TrackedOrderSchema = z.object({
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  displayStatus: z.string(),
  orderDate: z.string(),
  cancelledAt: z.string().nullable(),
  total: z.number().int(),
  items: z.array(
    OrderItemSchema.pick({
      id: true,
      name: true,
      image: true,
      quantity: true,
      lineTotal: true,
      discount: true,
      vendor: true,
      returnableQuantity: true,
      returnBy: true,
      replacementFor: true,
    }),
  ),
  fulfilments: z.array(FulfilmentSchema.omit({ invoice: true, creditNotes: true })),
  deliverTo: z.object({ city: z.string(), state: z.string(), pincode: z.string() }),
  /** placed by guest checkout: its lines are returned at /track with the number and e-mail */
  guestOrder: z.boolean(),
  /** paid in cash on delivery: a refund needs the UPI ID or bank account it goes to */
  paidInCash: z.boolean(),
  /** paid with a bank offer: what the card was charged for the lines and the offer's minimum (a return's refund follows them) */
  paidOffer: z.object({ charged: z.number().int(), minOrder: z.number().int() }).nullable().default(null),
  /** returns of its lines, oldest first */
  returns: z.array(TrackedReturnSchema),
});
export type TrackedOrder = z.infer<typeof TrackedOrderSchema>;

/** A guest's return from /track: the order's number and e-mail (the proof /track takes) and the return, as a member sends it. */
export const GuestReturnInputSchema = strict({
  number: TrackOrderInputSchema.shape.number,
  email: TrackOrderInputSchema.shape.email,
  return: CreateReturnInputSchema,
});
export type GuestReturnInput = z.input<typeof GuestReturnInputSchema>;

/** The token of the link mailed to confirm a guest's return request (from the link's #token=). */
export const ConfirmReturnInputSchema = strict({ token: z.string().min(1, 'This link is not complete').max(200) });
export type ConfirmReturnInput = z.infer<typeof ConfirmReturnInputSchema>;

/** A return confirmed from its link: the order as /track shows it, and which return it was. */
export const ReturnConfirmationSchema = z.object({ returnId: z.number().int(), order: TrackedOrderSchema });
export type ReturnConfirmation = z.infer<typeof ReturnConfirmationSchema>;
