import { describe, expect, it } from 'vitest';
import { formatDate, formatDay, formatLongDay } from './format.ts';

describe('admin dashboard dates, in India time wherever the admin is', () => {
  it('shows an order placed at 01:15 IST (19:45 UTC the day before) on its India date, as the order page does', () => {
    expect(formatDate('2026-11-22T19:45:00.000Z')).toBe('23 Nov 2026');
  });

  it('shows the calendar days the server grouped by as those days', () => {
    expect(formatDay('2026-11-23')).toBe('23 Nov');
    expect(formatLongDay('2026-11-23')).toBe('23 November 2026');
  });
});
