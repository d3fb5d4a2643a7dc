import { describe, expect, it } from 'vitest';
import { addDays, indiaDate, indiaDateRange, lastIndiaDays, startOfIndiaDay } from './india-time.ts';

describe('India time', () => {
  it('puts 19:45 UTC on the next India date, and 18:29 UTC on the same one', () => {
    expect(indiaDate(new Date('2026-11-22T19:45:00Z'))).toBe('2026-11-23');
    expect(indiaDate('2026-11-22T18:29:59Z')).toBe('2026-11-22');
    expect(indiaDate('2026-11-22T18:30:00Z')).toBe('2026-11-23');
  });

  it('starts an India day at 18:30 UTC the day before, and counts days across months and years', () => {
    expect(startOfIndiaDay('2026-11-23').toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('gives a period of whole India days, today the last', () => {
    const now = new Date('2026-11-22T19:45:00Z'); // 01:15 on 23 Nov in India
    const period = lastIndiaDays(now, 3);
    expect(period.dates).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
    expect(period.from.toISOString()).toBe('2026-11-20T18:30:00.000Z');
    expect(period.to).toBe(now);
  });

  it('turns a filter of India dates into instants, both days included', () => {
    expect(indiaDateRange('2026-11-23', '2026-11-23')).toEqual({ from: '2026-11-22T18:30:00.000Z', toBefore: '2026-11-23T18:30:00.000Z' });
    expect(indiaDateRange(undefined, undefined)).toEqual({ from: undefined, toBefore: undefined });
  });
});
