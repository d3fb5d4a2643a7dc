import { INDIA_TIME_ZONE } from '#shared/india-time.ts';

/** Months as India counts them, on the server as in any browser (a page drawn on the server is taken over as it is). */
const monthYearFormat = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: INDIA_TIME_ZONE });

/** Calendar days ("2026-11-22") are shown as that day wherever the browser is. */
const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayInstant(date: string): Date {
  return new Date(CALENDAR_DAY.test(date) ? `${date}T00:00:00Z` : date);
}

/** "22 Nov 2026, 3:45 pm": one format for the whole store. */
export { formatDateTime } from '#web/lib/format.ts';

/** "Nov 2026" */
export function formatMonthYear(iso: string): string {
  return monthYearFormat.format(new Date(iso));
}

/** "22 Nov", for chart ticks. */
export function formatDay(date: string): string {
  return dayFormat.format(dayInstant(date));
}

/** "22 November 2026", for the chart's table and tooltip. */
export function formatLongDay(date: string): string {
  return longDayFormat.format(dayInstant(date));
}

const axisRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** Whole rupees with Indian grouping, for a chart axis: 150000 → "₹1,50,000". */
export function formatAxisRupees(rupees: number): string {
  return axisRupees.format(rupees);
}

const percentFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** 7.5 → "7.5%" */
export function formatPercent(percent: number): string {
  return `${percentFormat.format(percent)}%`;
}

/** "+919847011223" → "9847011223": the forms show +91 beside the field. */
export function nationalNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length > 10 ? digits.slice(-10) : phone;
}

export function plural(count: number, one: string, many: string): string {
  return `${new Intl.NumberFormat('en-IN').format(count)} ${count === 1 ? one : many}`;
}
