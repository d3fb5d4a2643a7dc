import { z } from 'zod';

/** A whole number from the query string ("3"), within bounds, named in its error. */
export const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`));

/** A list's page (from 1) and page size (at most 100) in the query string. */
export function pageFields(defaultSize: number) {
  return {
    page: wholeNumber('page', 1, 100_000).default(1),
    pageSize: wholeNumber('pageSize', 1, 100).default(defaultSize),
  };
}
