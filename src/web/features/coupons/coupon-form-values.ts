import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver, ResolverOptions } from 'react-hook-form';
import type { Category } from '#shared/categories.ts';
import { INDIA_TIME_ZONE } from '#shared/india-time.ts';
import { type CouponInput, CouponInputSchema } from '#shared/schemas/coupons.ts';
import { parseRupees } from '#web/components/product-form/rupees.ts';
import type { NewCoupon } from './api/create-coupon.ts';

/**
 * The coupon form as typed: amounts in rupees ("1,500"), counts and the percentage as text, dates as
 * the date boxes give them (YYYY-MM-DD), no category or seller as ''. The names are the API's, so
 * the schema's errors and the server's land on the fields that hold them.
 */
export interface CouponFormValues {
  code: string;
  description: string;
  kind: 'percent' | 'flat';
  /** a percentage for 'percent', rupees for 'flat' */
  value: string;
  minOrder: string;
  maxDiscount: string;
  startsOn: string;
  endsOn: string;
  totalLimit: string;
  perCustomerLimit: string;
  firstOrderOnly: boolean;
  category: '' | Category;
  vendorId: string;
}

export type CouponField = keyof CouponFormValues;

export const COUPON_FIELDS = [
  'code',
  'description',
  'kind',
  'value',
  'minOrder',
  'maxDiscount',
  'startsOn',
  'endsOn',
  'totalLimit',
  'perCustomerLimit',
  'firstOrderOnly',
  'category',
  'vendorId',
] as const satisfies readonly CouponField[];

export function isCouponField(name: string): name is CouponField {
  return (COUPON_FIELDS as readonly string[]).includes(name);
}

/** Today in India, as the date boxes and the API write it: "2026-11-01". */
export function indiaToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: INDIA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function emptyCouponForm(today: string): CouponFormValues {
  return {
    code: '',
    description: '',
    kind: 'percent',
    value: '',
    minOrder: '',
    maxDiscount: '',
    startsOn: today,
    endsOn: '',
    totalLimit: '',
    perCustomerLimit: '1',
    firstOrderOnly: false,
    category: '',
    vendorId: '',
  };
}

const WHOLE = /^\d{1,9}$/;

/**
 * The form as the API takes it: rupees become paise, a blank minimum 0, a blank cap or total limit
 * none; the percentage and the counts become numbers. `problems` holds what cannot be read as
 * typed (the schema then checks the rest, with its own messages).
 */
export function toCouponInput(values: CouponFormValues): { input: CouponInput; problems: Partial<Record<CouponField, string>> } {
  const problems: Partial<Record<CouponField, string>> = {};
  const rupees = (field: CouponField, text: string, what: string, example: string, blank: number | null) => {
    if (text.trim() === '') return blank;
    const paise = parseRupees(text);
    if (paise === undefined) problems[field] = `Enter ${what} in rupees, like ${example}`;
    return paise ?? blank;
  };
  const count = (field: CouponField, text: string, message: string, blank: number | null) => {
    const trimmed = text.trim();
    if (trimmed === '') return blank;
    if (!WHOLE.test(trimmed)) problems[field] = message;
    return WHOLE.test(trimmed) ? Number(trimmed) : blank;
  };

  let value: number | undefined;
  const valueText = values.value.trim();
  if (valueText !== '' && values.kind === 'percent') {
    const percent = valueText.replace(/\s*%$/, '');
    if (WHOLE.test(percent)) value = Number(percent);
    else problems.value = 'Enter the percentage as a whole number from 1 to 90, like 10';
  } else if (valueText !== '') {
    value = rupees('value', valueText, 'the discount', '500', null) ?? undefined;
  }

  if (values.startsOn === '') problems.startsOn = 'Please choose the start date';
  if (values.endsOn === '') problems.endsOn = 'Please choose the end date';

  const input = {
    code: values.code,
    description: values.description,
    kind: values.kind,
    // Left out when blank: the schema says "Please enter the discount".
    ...(value === undefined ? {} : { value }),
    minOrder: rupees('minOrder', values.minOrder, 'the minimum order', '5,000', 0) ?? 0,
    // A cap is for a percentage only.
    maxDiscount: values.kind === 'percent' ? rupees('maxDiscount', values.maxDiscount, 'the maximum discount', '1,500', null) : null,
    startsOn: values.startsOn,
    endsOn: values.endsOn,
    totalLimit: count('totalLimit', values.totalLimit, 'Enter the total uses as a whole number, like 500, or leave it empty', null),
    perCustomerLimit: count('perCustomerLimit', values.perCustomerLimit, 'Enter the uses per customer as a whole number, like 1', 1) ?? 1,
    firstOrderOnly: values.firstOrderOnly,
    category: values.category === '' ? null : values.category,
    vendorId: values.vendorId === '' ? null : Number(values.vendorId),
  } as CouponInput;
  return { input, problems };
}

const schemaResolver = zodResolver(CouponInputSchema);

/**
 * The form's resolver: the typed values made the API's input (paise), then checked by the shared
 * CouponInputSchema, as the server will. What could not be read as typed is said first.
 */
export const couponResolver: Resolver<CouponFormValues, unknown, NewCoupon> = async (values, context, options) => {
  const { input, problems } = toCouponInput(values);
  const result = await schemaResolver(input, context, options as unknown as ResolverOptions<CouponInput>);
  if (Object.keys(problems).length === 0) return result as Awaited<ReturnType<Resolver<CouponFormValues, unknown, NewCoupon>>>;
  const errors: FieldErrors<CouponFormValues> = { ...(result.errors as FieldErrors<CouponFormValues>) };
  for (const [field, message] of Object.entries(problems)) errors[field as CouponField] = { type: 'validate', message };
  return { values: {}, errors };
};
