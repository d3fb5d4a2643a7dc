import { z } from 'zod';

const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Unexpected field: ${issue.keys.join(', ')}` : undefined),
  });

/** A calendar day in India (Asia/Kolkata), YYYY-MM-DD. */
const IndiaDateSchema = z
  .string({ error: 'date must be YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD')
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00+05:30`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text), {
    message: 'date is not a real day',
  });

export const ReconciliationInputSchema = strict({ date: IndiaDateSchema });
export const ReconciliationQuerySchema = z.object({ date: IndiaDateSchema });

export const RECONCILIATION_DIFFERENCES = ['missing_here', 'missing_there', 'amount_mismatch', 'status_mismatch'] as const;

/**
 * One difference between the gateway's payments for the day and our ledger:
 * - missing_here: captured at the gateway, no captured payment here;
 * - missing_there: captured here, the gateway has no such capture;
 * - amount_mismatch: both have it, for different amounts;
 * - status_mismatch: both have it, one captured or refunded and the other not.
 * What the reconciler settled by itself is its resolution: the order confirmed, or the money refunded.
 * Amounts are paise, as everywhere in the API.
 */
export const ReconciliationDifferenceSchema = z.object({
  kind: z.enum(RECONCILIATION_DIFFERENCES),
  paymentId: z.number().int().nullable(),
  gatewayPaymentId: z.string().nullable(),
  ours: z.number().int().nullable(),
  theirs: z.number().int().nullable(),
  resolution: z.enum(['confirmed', 'refunded']).nullable(),
});
export type ReconciliationDifference = z.infer<typeof ReconciliationDifferenceSchema>;

/** A settlement the gateway paid out that day: amount credited, its fees and the GST on the fees (paise), the bank's UTR. */
export const SettlementSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  fees: z.number().int(),
  tax: z.number().int(),
  utr: z.string().nullable(),
  settledAt: z.string(),
});
export type Settlement = z.infer<typeof SettlementSchema>;

/** The last reconciliation of a day, kept until the day is reconciled again. */
export const ReconciliationReportSchema = z.object({
  date: z.string(),
  ranAt: z.string(),
  differences: z.array(ReconciliationDifferenceSchema),
  settlements: z.array(SettlementSchema),
});
export type ReconciliationReport = z.infer<typeof ReconciliationReportSchema>;
