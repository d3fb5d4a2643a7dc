import { z } from 'zod';
import {
  canAskReplacement,
  changeOfMindProblem,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  RETURN_RESOLUTIONS,
  RETURN_STATUSES,
} from '../returns.ts';
import { OrderReturnSchema, PAYMENT_METHODS, PayoutDestinationSchema } from './orders.ts';
import { ShipInputSchema } from './vendor.ts';

const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Unexpected field: ${issue.keys.join(', ')}` : undefined),
  });

/** At most this many photos with a return (each checked and re-encoded as product images are). */
export const MAX_RETURN_PHOTOS = 4;
export const RETURN_DETAILS_MAX = 1000;

export const ReturnIdParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'Return id must be a positive whole number')
  .transform(Number);

/**
 * A customer's return of units of one delivered line: why (a reason, and words of their own,
 * needed for "Another reason"), refund or replacement (a replacement only for a unit that is
 * faulty, damaged or wrong; "No longer needed" only for a unit unopened, with its seal intact),
 * photos uploaded first, and for an order paid in cash the UPI ID or
 * bank account the refund goes to. A double click, or a retry after a lost answer, sends the same
 * requestKey and makes one return.
 */
export const CreateReturnInputSchema = strict({
  orderItemId: z.number({ error: 'Please choose the item to return' }).int().positive('Please choose the item to return'),
  quantity: z
    .number({ error: 'Please choose how many to return' })
    .int('Please choose how many to return')
    .min(1, 'Return at least 1')
    .max(99),
  reason: z.enum(RETURN_REASONS, { error: 'Please choose a reason' }),
  details: z.string().trim().max(RETURN_DETAILS_MAX, `At most ${RETURN_DETAILS_MAX} characters`).default(''),
  resolution: z.enum(RETURN_RESOLUTIONS, { error: 'Please choose a refund or a replacement' }),
  photoIds: z.array(z.number().int().positive()).max(MAX_RETURN_PHOTOS, `At most ${MAX_RETURN_PHOTOS} photos`).default([]),
  /** for "No longer needed": the customer's word that the unit is unopened, with its seal intact (the policy takes no other) */
  unopened: z.boolean({ error: 'unopened must be true or false' }).optional(),
  payout: PayoutDestinationSchema.optional(),
  /** the form's own key (one per form opened): the same request sent again finds the return it made */
  requestKey: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'requestKey is 8 to 64 letters, digits or dashes')
    .optional(),
}).superRefine((value, ctx) => {
  if (value.resolution === 'replacement' && !canAskReplacement(value.reason)) {
    ctx.addIssue({
      code: 'custom',
      path: ['resolution'],
      message: `A replacement is for an item that is defective, damaged in transit or not the one ordered; “${RETURN_REASON_LABELS[value.reason]}” is refunded`,
    });
  }
  const changeOfMind = changeOfMindProblem(value.reason, value.unopened);
  if (changeOfMind) ctx.addIssue({ code: 'custom', path: ['unopened'], message: changeOfMind });
  if (value.reason === 'other' && value.details.length < 10) {
    ctx.addIssue({ code: 'custom', path: ['details'], message: 'Please tell us the reason in at least 10 characters' });
  }
  if (new Set(value.photoIds).size !== value.photoIds.length)
    ctx.addIssue({ code: 'custom', path: ['photoIds'], message: 'The same photo is given twice' });
});
export type CreateReturnInput = z.input<typeof CreateReturnInputSchema>;

export const ReturnPhotoSchema = z.object({ id: z.number().int(), url: z.string(), width: z.number().int(), height: z.number().int() });
export type ReturnPhoto = z.infer<typeof ReturnPhotoSchema>;

/** The seller approves: a courier collects the unit on a date from today to 14 days on (India dates). */
export const ApproveReturnInputSchema = strict({
  carrier: z.string({ error: 'Please enter the pickup carrier' }).trim().min(2, 'Please enter the pickup carrier').max(60),
  pickupDate: z.string({ error: 'Please choose the pickup date' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Please choose the pickup date'),
});
export type ApproveReturnInput = z.infer<typeof ApproveReturnInputSchema>;

export const RejectReturnInputSchema = strict({
  reason: z.string({ error: 'Please give the reason' }).trim().min(10, 'Please give the reason in at least 10 characters').max(1000),
});

/** On receipt the seller says whether the unit can be sold again (unopened) or not (damaged). */
export const ReceiveReturnInputSchema = strict({
  restock: z.boolean({ error: 'Please say whether the unit goes back to stock' }),
});

export const ShipReplacementInputSchema = ShipInputSchema;

/** A return as sellers and admins list it: the customer's return with its order and buyer. */
export const ManagedReturnSchema = OrderReturnSchema.extend({
  orderId: z.number().int(),
  orderNumber: z.string(),
  customer: z.object({ name: z.string(), email: z.string() }),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  /** units of the line ordered */
  lineQuantity: z.number().int(),
});
export type ManagedReturn = z.infer<typeof ManagedReturnSchema>;

export const ReturnQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES, { error: `status must be one of ${RETURN_STATUSES.join(', ')}` }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ReturnQuery = z.infer<typeof ReturnQuerySchema>;

export const ManagedReturnListSchema = z.object({
  items: z.array(ManagedReturnSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ManagedReturnList = z.infer<typeof ManagedReturnListSchema>;
