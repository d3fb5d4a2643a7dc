import { z } from 'zod';

export const StoreInfoSchema = z.object({
  name: z.string(),
  tagline: z.string(),
  tradingSince: z.number().int(),
  legalName: z.string(),
  address: z.string(),
  phone: z.string(),
  supportEmail: z.string(),
  supportHours: z.string(),
  gstin: z.string(),
});
