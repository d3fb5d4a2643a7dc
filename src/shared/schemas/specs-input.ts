import { DesktopSpecsSchema, LaptopSpecsSchema, MonitorSpecsSchema } from './catalog.ts';
import { z } from './zod-mini.ts';

/** Whether a GTIN (EAN-8, UPC-A, EAN-13 or GTIN-14) has the right check digit (GS1's mod-10). */
export function validGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop() as number;
  const sum = digits.reverse().reduce((total, digit, at) => total + digit * (at % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/**
 * The model's identifiers as a seller may enter them: the maker's part number (MPN) and the EAN
 * barcode, both optional, checked when given. Sellers find a product to offer by them, and
 * shoppers' searches do too.
 */
const identifiers = {
  partNumber: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.regex(/^[A-Za-z0-9][A-Za-z0-9 ./_-]{0,39}$/, 'The part number may hold letters, digits, spaces and . / _ - (up to 40)'),
      ),
  ),
  ean: z.optional(z.string().check(z.trim(), z.refine(validGtin, 'The EAN must be 8, 12, 13 or 14 digits with a valid check digit'))),
};

/** Each category's specifications as a product is written: what the editor, the import and the API check. */
export const SPECS_SCHEMAS = {
  Laptop: z.extend(LaptopSpecsSchema, identifiers),
  Desktop: z.extend(DesktopSpecsSchema, identifiers),
  Monitor: z.extend(MonitorSpecsSchema, identifiers),
} as const;
