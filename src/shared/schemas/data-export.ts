import { z } from 'zod';
import { ORDER_STATUSES } from '../order-states.ts';
import { ROLES } from './auth.ts';
import { DeliveryAddressSchema, PAYMENT_METHODS, PAYMENT_STATUSES } from './orders.ts';

/**
 * "Download my data" (India's Digital Personal Data Protection Act): what the store holds about the
 * signed-in user, and nobody else. Money is integer paise. Other modules add their own sections
 * (a top-level key each, e.g. `reviews`) through the privacy service's data holders.
 */
export const DataExportSchema = z
  .object({
    exportedAt: z.string(),
    store: z.string(),
    amountsIn: z.literal('paise (1 rupee = 100 paise)'),
    profile: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      emailVerified: z.boolean(),
      role: z.enum(ROLES),
      createdAt: z.string(),
    }),
    addresses: z.array(DeliveryAddressSchema.extend({ isDefault: z.boolean() })),
    orders: z.array(
      z.object({
        number: z.string(),
        placedAt: z.string(),
        status: z.enum(ORDER_STATUSES),
        items: z.array(
          z.object({
            productId: z.number().int(),
            name: z.string(),
            seller: z.string(),
            unitPrice: z.number().int(),
            quantity: z.number().int(),
            lineTotal: z.number().int(),
            discount: z.number().int(),
          }),
        ),
        subtotal: z.number().int(),
        discount: z.number().int(),
        couponCode: z.string().nullable(),
        shipping: z.number().int(),
        gst: z.number().int(),
        total: z.number().int(),
        deliveryAddress: DeliveryAddressSchema,
        buyerGst: z.object({ gstin: z.string(), businessName: z.string() }).nullable(),
        payments: z.array(
          z.object({
            method: z.enum(PAYMENT_METHODS),
            status: z.enum(PAYMENT_STATUSES),
            amount: z.number().int(),
            refundedAmount: z.number().int(),
            createdAt: z.string(),
          }),
        ),
        invoices: z.array(z.string()),
      }),
    ),
  })
  .catchall(z.unknown());
export type DataExport = z.infer<typeof DataExportSchema>;
