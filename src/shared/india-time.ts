/**
 * One calendar for the whole store: instants are stored in UTC, and shown, filtered and grouped in
 * India time (Asia/Kolkata), on the server as in any browser, wherever either runs. An order placed
 * at 01:15 IST (19:45 UTC the day before) is on the India date everywhere: the order page, the
 * admin dashboard's days, a seller's reports and their filters.
 *
 * India keeps one offset all year (UTC+05:30, no daylight saving since 1945), so a calendar day
 * here is plain arithmetic; formatting goes through Intl with the zone's name.
 */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** An instant moved to India's wall clock: read it with the getUTC… methods. */
export function indiaClock(at: Date | string): Date {
  return new Date(new Date(at).getTime() + IST_OFFSET_MS);
}

/** The India date ("2026-11-22") an instant falls on. */
export function indiaDate(at: Date | string): string {
  return indiaClock(at).toISOString().slice(0, 10);
}

/** An India date's first moment, as an instant. */
export function startOfIndiaDay(date: string): Date {
  return new Date(`${date}T00:00:00+05:30`);
}

/** The India date `days` after (or, negative, before) `date`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The last `days` India dates up to `now`, today included: the period a dashboard's "7 days"
 * means, from the first moment of its first day to now, and its dates oldest first.
 */
export function lastIndiaDays(now: Date, days: number): { from: Date; to: Date; dates: string[] } {
  const today = indiaDate(now);
  const dates = Array.from({ length: days }, (_, i) => addDays(today, i - days + 1));
  return { from: startOfIndiaDay(dates[0] ?? today), to: now, dates };
}

/**
 * A filter's "from" and "to" India dates (both days included) as instants: from the first moment
 * of `from` to before the first moment of the day after `to`.
 */
export function indiaDateRange(from?: string, to?: string): { from?: string; toBefore?: string } {
  return {
    from: from ? startOfIndiaDay(from).toISOString() : undefined,
    toBefore: to ? startOfIndiaDay(addDays(to, 1)).toISOString() : undefined,
  };
}
