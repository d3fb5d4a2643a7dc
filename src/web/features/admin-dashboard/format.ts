import { INDIA_TIME_ZONE } from '#shared/india-time.ts';

/** Calendar days ("2026-11-22") are shown as that day wherever the browser is. */
const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
// Instants in India time, as every page shows them (not the admin's browser's zone).
const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: INDIA_TIME_ZONE });
const axisRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const count = new Intl.NumberFormat('en-IN');

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayInstant(date: string): Date {
  return new Date(CALENDAR_DAY.test(date) ? `${date}T00:00:00Z` : date);
}

export { periodLabel } from '#web/components/ui/period-select.tsx';

/** "22 Nov", for chart ticks. */
export function formatDay(date: string): string {
  return dayFormat.format(dayInstant(date));
}

/** "22 November 2026", for the chart's table and tooltip. */
export function formatLongDay(date: string): string {
  return longDayFormat.format(dayInstant(date));
}

/** "22 Nov 2026", for timestamps. */
export function formatDate(iso: string): string {
  const date = dayInstant(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** Whole rupees with Indian grouping, for a chart axis: 150000 → "₹1,50,000". */
export function formatAxisRupees(rupees: number): string {
  return axisRupees.format(rupees);
}

/** 123456 → "1,23,456" */
export function formatCount(value: number): string {
  return count.format(value);
}

/** "partially_refunded" → "Partially refunded" */
export function statusLabel(status: string): string {
  const words = status.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
