import { z } from './zod-mini.ts';

export const StoreInfoSchema = z.object({
  name: z.string(),
  url: z.string(),
  tagline: z.string(),
  tradingSince: z.number().check(z.int()),
  legalName: z.string(),
  address: z.string(),
  phone: z.string(),
  supportEmail: z.string(),
  supportHours: z.string(),
  gstin: z.string(),
});
