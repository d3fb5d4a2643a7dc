import { describe, expect, it } from 'vitest';
import { deliveryDate, deliveryZone, dispatchByDate, formatDeliveryDate, type PincodePlace } from './delivery.ts';

const place = (pincode: string, district: string, state: string, metro: string | null = null): PincodePlace => ({
  pincode,
  city: district,
  district,
  state,
  deliverable: true,
  metro,
});
const bandra = place('400050', 'Mumbai Suburban', 'Maharashtra', 'Mumbai');
const fort = place('400001', 'Mumbai', 'Maharashtra', 'Mumbai');
const nashik = place('422001', 'Nashik', 'Maharashtra');
const indiranagar = place('560038', 'Bengaluru Urban', 'Karnataka', 'Bengaluru');
const jaipur = place('302001', 'Jaipur', 'Rajasthan');
const guwahati = place('781001', 'Kamrup Metro', 'Assam');
const leh = place('194101', 'Leh Ladakh', 'Ladakh');

describe('delivery zones', () => {
  it('tells same city (district or metro area), same state, metro to metro, rest of India and special zones apart', () => {
    expect(deliveryZone(fort, bandra)).toBe('local');
    expect(deliveryZone(jaipur, place('302004', 'Jaipur', 'Rajasthan'))).toBe('local');
    expect(deliveryZone(fort, nashik)).toBe('state');
    expect(deliveryZone(fort, indiranagar)).toBe('metro');
    expect(deliveryZone(jaipur, indiranagar)).toBe('national');
    expect(deliveryZone(fort, guwahati)).toBe('special');
    expect(deliveryZone(indiranagar, leh)).toBe('special');
    // within a special zone's own state, a parcel travels as within any state
    expect(deliveryZone(guwahati, place('786001', 'Dibrugarh', 'Assam'))).toBe('state');
  });
});

describe('delivery dates', () => {
  // Thursday 26 November 2026
  const thursdayMorning = new Date('2026-11-26T04:30:00Z'); // 10:00 IST
  const thursdayAfternoon = new Date('2026-11-26T09:30:00Z'); // 15:00 IST, after the cut-off

  it('counts dispatch and transit in working days from today, or from tomorrow after 2 pm India time', () => {
    expect(deliveryDate(thursdayMorning, 1, 'local')).toBe('2026-11-28'); // Fri dispatch, Sat delivery
    expect(deliveryDate(thursdayAfternoon, 1, 'local')).toBe('2026-11-30'); // Sat dispatch, Sunday skipped
    expect(deliveryDate(thursdayMorning, 0, 'national')).toBe('2026-12-02');
    expect(deliveryDate(thursdayMorning, 2, 'special')).toBe('2026-12-08'); // 10 working days: Sundays 29 Nov and 6 Dec skipped
  });

  it('starts an order placed on a Sunday on Monday, and uses the India date near midnight UTC', () => {
    expect(deliveryDate(new Date('2026-11-29T06:00:00Z'), 0, 'local')).toBe('2026-12-01');
    // 23:00 UTC on Saturday is 04:30 IST on Sunday
    expect(deliveryDate(new Date('2026-11-28T23:00:00Z'), 0, 'local')).toBe('2026-12-01');
  });

  it('reads a date the way the product page shows it', () => {
    expect(formatDeliveryDate('2026-11-27')).toBe('Fri, 27 Nov');
  });
});

describe('dispatchByDate', () => {
  it('counts the seller’s dispatch days in working days from payment, from the next day after the 2 pm cut-off (India time)', () => {
    // Thursday 26 Nov 2026: 10:30 and 15:30 in India.
    const morning = new Date('2026-11-26T05:00:00Z');
    const afternoon = new Date('2026-11-26T10:00:00Z');
    expect(dispatchByDate(morning, 0)).toBe('2026-11-26');
    expect(dispatchByDate(morning, 2)).toBe('2026-11-28'); // Fri, Sat
    expect(dispatchByDate(afternoon, 2)).toBe('2026-11-30'); // from Fri: Sat, (Sunday skipped) Mon
    expect(dispatchByDate(new Date('2026-11-28T20:00:00Z'), 1)).toBe('2026-12-01'); // paid Sunday 1:30 am India: from Mon, so Tue
  });
});
