import { z } from 'zod';
import { EMI_TENURES } from '../emi.ts';
import { BANK_ACCOUNT_NUMBER, gstinProblem, IFSC } from '../gst.ts';
import { FULFILMENT_STATUSES, ORDER_STATUSES } from '../order-states.ts';
import { NET_BANKING_BANKS, VPA } from '../payment-methods.ts';
import { RETURN_REASONS, RETURN_RESOLUTIONS, RETURN_STATUSES } from '../returns.ts';
import { CartLineInputSchema, MAX_CART_LINES } from './cart.ts';
import { CheckoutGatewaySchema, PaymentRefundSchema, RazorpayCheckoutSchema } from './payment-gateway.ts';

const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Unexpected field: ${issue.keys.join(', ')}` : undefined),
  });

export const OrderIdParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'Order id must be a positive whole number')
  .transform(Number);
export const PaymentIdParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'Payment id must be a positive whole number')
  .transform(Number);

/** A business buyer claiming GST input tax credit: its GSTIN, checked in full, and the name it is registered in. */
export const BuyerGstInputSchema = strict({
  gstin: z
    .string({ error: 'Please enter your GSTIN' })
    .trim()
    .toUpperCase()
    .superRefine((value, ctx) => {
      const problem = gstinProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  businessName: z
    .string({ error: 'Please enter the business name' })
    .trim()
    .min(2, 'Please enter the business name, as on the GST registration')
    .max(160),
});
export type BuyerGstInput = z.infer<typeof BuyerGstInputSchema>;

export const PlaceOrderInputSchema = strict({
  idempotencyKey: z
    .string({ error: 'idempotencyKey is required' })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'idempotencyKey must be 8–100 letters, digits, - or _'),
  addressId: z.number({ error: 'Please choose a delivery address' }).int().positive('Please choose a delivery address'),
  items: z
    // Lines carry product and quantity; anything else (a price, say) is ignored: the server prices.
    .array(CartLineInputSchema)
    .min(1, 'Your cart is empty')
    .max(MAX_CART_LINES, `An order holds at most ${MAX_CART_LINES} different products`),
  /** for a tax invoice in the business's name, with its GSTIN (B2B) */
  buyerGst: BuyerGstInputSchema.optional(),
  /** one coupon per order, priced again on the server */
  couponCode: z
    .string()
    .trim()
    .toUpperCase()
    .min(1, 'Please enter a coupon code')
    .max(40, 'A coupon code is at most 40 characters')
    .optional(),
});
export type PlaceOrderInput = z.infer<typeof PlaceOrderInputSchema>;

const CardSchema = strict({
  number: z.string({ error: 'Please enter the card number' }).trim().max(30),
  expiryMonth: z.number({ error: 'Please enter the expiry month' }).int(),
  expiryYear: z.number({ error: 'Please enter the expiry year' }).int(),
  cvv: z.string({ error: 'Please enter the CVV' }).regex(/^\d{3,4}$/, 'CVV must be 3 or 4 digits'),
  name: z.string({ error: 'Please enter the name on the card' }).trim().min(2, 'Please enter the name on the card').max(100),
});

export const BANK_CODES = NET_BANKING_BANKS.map((bank) => bank.code) as [string, ...string[]];

export const PaymentInputSchema = z.discriminatedUnion(
  'method',
  [
    strict({ method: z.literal('upi'), vpa: z.string().trim().regex(VPA, 'Please enter a UPI ID like name@bank') }),
    strict({ method: z.literal('netbanking'), bank: z.enum(BANK_CODES, { error: 'Please choose your bank' }) }),
    strict({ method: z.literal('card'), card: CardSchema }),
    strict({ method: z.literal('cod') }),
    strict({
      method: z.literal('emi'),
      card: CardSchema,
      months: z.union(EMI_TENURES.map((months) => z.literal(months)) as unknown as [z.ZodLiteral<3>, z.ZodLiteral<6>], {
        error: `months must be one of ${EMI_TENURES.join(', ')}`,
      }),
    }),
  ],
  { error: 'method must be one of upi, netbanking, card, emi, cod' },
);
export type PaymentInput = z.infer<typeof PaymentInputSchema>;

/**
 * Where money goes back when it was not paid through a gateway (Cash on Delivery): the
 * customer's UPI ID or bank account (IFSC checked).
 */
export const PayoutDestinationSchema = z.union([
  strict({ upi: z.string().trim().toLowerCase().regex(VPA, 'Please enter a UPI ID like name@bank') }),
  strict({
    holder: z.string().trim().min(2, 'Please enter the account holder’s name').max(120),
    accountNumber: z.string().trim().regex(BANK_ACCOUNT_NUMBER, 'Account number: 9 to 18 digits'),
    ifsc: z.string().trim().toUpperCase().regex(IFSC, 'IFSC: 11 characters, like HDFC0001234'),
  }),
]);
export type PayoutDestination = z.infer<typeof PayoutDestinationSchema>;

/** "UPI ID asha@okhdfc" or "bank account ending 6789 (HDFC0001234)" */
export function describePayout(destination: PayoutDestination): string {
  return 'upi' in destination
    ? `UPI ID ${destination.upi}`
    : `bank account ending ${destination.accountNumber.slice(-4)} (${destination.ifsc})`;
}

export const OtpInputSchema = strict({ otp: z.string().regex(/^\d{6}$/, 'The OTP has 6 digits') });
export const BankOutcomeInputSchema = strict({ outcome: z.enum(['success', 'failure']) });
/** The whole order's return, in one reason (the API before line returns): a return of every line still returnable, for a refund. */
export const ReturnRequestInputSchema = strict({
  reason: z.string({ error: 'Please tell us why' }).trim().min(10, 'Please tell us why in at least 10 characters').max(1000),
});

/** Cash on Delivery is `authorized` until the courier collects the cash, and `cancelled` with its order. */
export const PAYMENT_STATUSES = ['created', 'authorized', 'captured', 'failed', 'cancelled', 'refunded', 'partially_refunded'] as const;
export const PAYMENT_METHODS = ['upi', 'netbanking', 'card', 'emi', 'cod'] as const;
export const PAYMENT_METHOD_NAMES = {
  upi: 'UPI',
  netbanking: 'Net Banking',
  card: 'Card',
  emi: 'Card EMI',
  cod: 'Cash on Delivery',
} as const;

export const PaymentDetailsSchema = z.object({
  vpa: z.string().optional(),
  bank: z.string().optional(),
  network: z.string().optional(),
  last4: z.string().optional(),
  emi: z
    .object({ months: z.number().int(), monthly: z.number().int(), interest: z.number().int(), annualRatePercent: z.number() })
    .optional(),
  /** a bank's instant discount on the card: the payment is the order's total less it */
  offer: z.object({ id: z.string(), title: z.string(), discount: z.number().int() }).optional(),
});

export const PaymentSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  reference: z.string(),
  details: PaymentDetailsSchema,
  failureReason: z.string().nullable(),
  refundedAmount: z.number().int(),
  createdAt: z.string(),
  /**
   * an attempt the shopper never finished: replaced by a newer one or by Cash on Delivery, given up
   * with its order, or waiting on the shopper past the time to pay. No money moved; it reads "Abandoned".
   */
  abandoned: z.boolean().default(false),
  /** the refunds the gateway has made of it, with the bank's reference once known (always sent by the server) */
  refunds: z.array(PaymentRefundSchema).optional(),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const PaymentResultSchema = z.object({
  payment: PaymentSchema,
  /** what the shopper does next: nothing, enter the OTP, visit the bank page, or pay in Razorpay's checkout */
  next: z.enum(['done', 'otp', 'bank', 'retry', 'razorpay']),
  orderStatus: z.enum(ORDER_STATUSES),
  /** with next 'razorpay': what to open Razorpay's Standard Checkout with */
  razorpay: RazorpayCheckoutSchema.optional(),
});
export type PaymentResult = z.infer<typeof PaymentResultSchema>;

/** A payment with the few facts of its order the payment pages show: GET /payments/{id} and /guest/payments/{id}. */
export const PaymentWithOrderSchema = z.object({
  payment: PaymentSchema,
  order: z.object({ id: z.number(), number: z.string(), total: z.number(), status: z.string() }),
});
export type PaymentWithOrder = z.infer<typeof PaymentWithOrderSchema>;

export const DeliveryAddressSchema = z.object({
  name: z.string(),
  phone: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
});

export const OrderItemSchema = z.object({
  /** the order line's id: what a return names */
  id: z.number().int(),
  productId: z.number().int(),
  /** the seller's offer it was bought from */
  offerId: z.number().int().nullable(),
  name: z.string(),
  image: z.string().nullable(),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  lineTotal: z.number().int(),
  /** the line's share of the order's coupon discount */
  discount: z.number().int().default(0),
  vendor: z.object({ id: z.number().int(), name: z.string() }),
  /** units the customer may still ask to return now (delivered, within 10 days, not already returned) */
  returnableQuantity: z.number().int().default(0),
  /** until when a return may be asked for (10 days after its delivery), once delivered */
  returnBy: z.string().nullable().default(null),
  /** a replacement sent for a returned unit: the line it replaces (it was not paid for again) */
  replacementFor: z.number().int().nullable().default(null),
});

/** A tax document as links name it: a shipment's invoice, or one of its credit notes. */
export const TaxDocumentRefSchema = z.object({ id: z.number().int(), number: z.string() });

export const FulfilmentSchema = z.object({
  id: z.number().int(),
  vendor: z.object({ id: z.number().int(), name: z.string() }),
  status: z.enum(FULFILMENT_STATUSES),
  packedAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** the shipment's GST tax invoice (GET /api/invoices/{id}/pdf), once it has shipped */
  invoice: TaxDocumentRefSchema.nullable(),
  /** the credit notes against that invoice (GET /api/credit-notes/{id}/pdf), one per refund credited to it, oldest first */
  creditNotes: z.array(TaxDocumentRefSchema),
});

/** A return of units of one order line, as its customer follows it (and its seller and admins act on it). */
export const OrderReturnSchema = z.object({
  id: z.number().int(),
  orderItemId: z.number().int(),
  product: z.object({ id: z.number().int(), name: z.string(), image: z.string().nullable() }),
  vendor: z.object({ id: z.number().int(), name: z.string() }),
  quantity: z.number().int(),
  reason: z.enum(RETURN_REASONS),
  details: z.string(),
  resolution: z.enum(RETURN_RESOLUTIONS),
  status: z.enum(RETURN_STATUSES),
  /** what the refund is (or, before receipt, will be), paise */
  amount: z.number().int(),
  photos: z.array(z.object({ id: z.number().int(), url: z.string() })),
  pickup: z.object({ carrier: z.string(), date: z.string() }).nullable(),
  rejectionReason: z.string().nullable(),
  /** the seller's word on receipt: back to stock (unopened) or not (damaged); null before */
  restocked: z.boolean().nullable(),
  /** Cash on Delivery: where the refund goes ("UPI ID asha@okhdfc") */
  payoutTo: z.string().nullable(),
  creditNote: TaxDocumentRefSchema.nullable(),
  replacement: z
    .object({ fulfilmentId: z.number().int(), carrier: z.string().nullable(), trackingNumber: z.string().nullable() })
    .nullable(),
  requestedAt: z.string(),
  approvedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  pickedUpAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  replacementShippedAt: z.string().nullable(),
  /** a guest's request from /track not yet confirmed from the link mailed to the order's address: dropped at this time */
  confirmBy: z.string().nullable().optional(),
});
export type OrderReturn = z.infer<typeof OrderReturnSchema>;

export const OrderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  displayStatus: z.string(),
  orderDate: z.string(),
  items: z.array(OrderItemSchema),
  subtotal: z.number().int(),
  /** the coupon's saving: total = subtotal − discount + shipping */
  discount: z.number().int().default(0),
  coupon: z
    .object({ code: z.string(), fundedBy: z.enum(['marketplace', 'vendor']) })
    .nullable()
    .default(null),
  shipping: z.number().int(),
  gst: z.number().int(),
  total: z.number().int(),
  address: DeliveryAddressSchema,
  fulfilments: z.array(FulfilmentSchema),
  payments: z.array(PaymentSchema),
  canCancel: z.boolean(),
  canReturn: z.boolean(),
  canPay: z.boolean(),
  payBy: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  returnReason: z.string().nullable(),
  /** returns of its lines, oldest first */
  returns: z.array(OrderReturnSchema).default([]),
  /** the business the order's invoices are made out to, when it claims input tax credit */
  buyerGst: z.object({ gstin: z.string(), businessName: z.string() }).nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  displayStatus: z.string(),
  orderDate: z.string(),
  total: z.number().int(),
  itemCount: z.number().int(),
  thumbnails: z.array(z.object({ name: z.string(), image: z.string().nullable() })),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;
export const OrderListSchema = z.object({ items: z.array(OrderSummarySchema) });

export const CheckoutOptionsSchema = z.object({
  /** the sandbox, or a gateway's test keys (rzp_test_…): no real money moves */
  testMode: z.boolean(),
  /** how the shopper pays: on our pages (sandbox) or in the gateway's checkout; always sent by the server */
  gateway: CheckoutGatewaySchema.optional(),
  banks: z.array(z.object({ code: z.string(), name: z.string() })),
  emi: z.object({
    minOrder: z.number().int(),
    plans: z.array(z.object({ months: z.number().int(), annualRatePercent: z.number(), noCost: z.boolean() })),
  }),
});
export type CheckoutOptions = z.infer<typeof CheckoutOptionsSchema>;

/** Whether an order awaiting payment may be paid by Cash on Delivery, and why not. */
export const CashOnDeliverySchema = z.object({ available: z.boolean(), reason: z.string().nullable(), max: z.number().int() });
export type CashOnDelivery = z.infer<typeof CashOnDeliverySchema>;
/** A cart not yet ordered, to one of the shopper's addresses: may it be paid by Cash on Delivery? */
export const CashOnDeliveryQuestionSchema = PlaceOrderInputSchema.pick({ addressId: true, items: true });
