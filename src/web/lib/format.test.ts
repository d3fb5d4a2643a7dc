import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './format.ts';

describe('dates and times in India time, wherever the browser is', () => {
  // 18:45 UTC is 00:15 the next day in India (UTC+5:30).
  const lateEvening = '2026-11-23T18:45:00.000Z';

  it('shows the India date and time', () => {
    expect(formatDate(lateEvening)).toBe('24 Nov 2026');
    expect(formatDateTime(lateEvening).replace(/\s/g, ' ')).toBe('24 Nov 2026, 12:15 am');
    expect(formatTime(lateEvening).replace(/\s/g, ' ')).toBe('12:15 am');
  });

  it('keeps text that is not a date', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});
