import { describe, expect, it } from 'vitest';
import {
  canAskReplacement,
  canTransitionReturn,
  changeOfMindProblem,
  formatPickupDate,
  OPENED_CHANGE_OF_MIND,
  UNOPENED_UNANSWERED,
  isOpenReturn,
  nextReturnActions,
  returnSteps,
  unitsShare,
  withinReturnWindow,
} from './returns.ts';

describe('the return state machine', () => {
  it('goes request → pickup → received → refund or replacement, and nowhere else', () => {
    expect(canTransitionReturn('requested', 'approved')).toBe(true);
    expect(canTransitionReturn('requested', 'rejected')).toBe(true);
    expect(canTransitionReturn('requested', 'cancelled')).toBe(true);
    expect(canTransitionReturn('approved', 'picked_up')).toBe(true);
    expect(canTransitionReturn('picked_up', 'received')).toBe(true);
    expect(canTransitionReturn('received', 'refunded')).toBe(true);
    expect(canTransitionReturn('received', 'replacement_shipped')).toBe(true);
    // No skipping, no going back, nothing after the end.
    expect(canTransitionReturn('requested', 'picked_up')).toBe(false);
    expect(canTransitionReturn('approved', 'received')).toBe(false);
    expect(canTransitionReturn('approved', 'cancelled')).toBe(false);
    expect(canTransitionReturn('picked_up', 'refunded')).toBe(false);
    expect(canTransitionReturn('refunded', 'refunded')).toBe(false);
    expect(canTransitionReturn('rejected', 'approved')).toBe(false);
  });

  it('offers the seller the steps the status allows, replacements only for replacements', () => {
    expect(nextReturnActions('requested', 'refund')).toEqual(['approve', 'reject']);
    expect(nextReturnActions('approved', 'refund')).toEqual(['picked-up']);
    expect(nextReturnActions('picked_up', 'refund')).toEqual(['receive']);
    expect(nextReturnActions('received', 'replacement')).toEqual(['ship-replacement']);
    expect(nextReturnActions('received', 'refund')).toEqual([]);
    expect(nextReturnActions('refunded', 'refund')).toEqual([]);
  });

  it('keeps a return open until it is refunded, replaced, rejected or cancelled', () => {
    expect(['requested', 'approved', 'picked_up', 'received'].every((s) => isOpenReturn(s as 'requested'))).toBe(true);
    expect(['refunded', 'replacement_shipped', 'rejected', 'cancelled'].some((s) => isOpenReturn(s as 'requested'))).toBe(false);
  });

  it('replaces only what is faulty, broken or not what was ordered', () => {
    expect(canAskReplacement('defective')).toBe(true);
    expect(canAskReplacement('damaged')).toBe(true);
    expect(canAskReplacement('wrong_item')).toBe(true);
    expect(canAskReplacement('changed_mind')).toBe(false);
    expect(canAskReplacement('not_as_described')).toBe(false);
  });

  it('takes returns for 10 days after delivery', () => {
    const delivered = '2026-11-01T10:00:00.000Z';
    expect(withinReturnWindow(delivered, new Date('2026-11-11T09:59:59.000Z'))).toBe(true);
    expect(withinReturnWindow(delivered, new Date('2026-11-11T10:00:01.000Z'))).toBe(false);
    expect(withinReturnWindow(null, new Date('2026-11-02'))).toBe(false);
  });

  it('shares a line over its units so the refunds add up to the paisa', () => {
    // ₹1,000.01 over 3 units, returned one at a time.
    const parts = [unitsShare(100_001, 3, 0, 1), unitsShare(100_001, 3, 1, 1), unitsShare(100_001, 3, 2, 1)];
    expect(parts).toEqual([33_334, 33_333, 33_334]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(100_001);
    expect(unitsShare(100_001, 3, 0, 3)).toBe(100_001);
    expect(() => unitsShare(100, 2, 1, 2)).toThrow(RangeError);
  });

  it('draws the customer’s timeline from what happened', () => {
    const base = {
      resolution: 'refund' as const,
      requestedAt: 'r',
      approvedAt: null,
      rejectedAt: null,
      cancelledAt: null,
      pickedUpAt: null,
      receivedAt: null,
      refundedAt: null,
      replacementShippedAt: null,
    };
    expect(returnSteps({ ...base, status: 'approved', approvedAt: 'a' }).map((s) => [s.label, s.done])).toEqual([
      ['Return requested', true],
      ['Pickup scheduled', true],
      ['Picked up', false],
      ['Received by the seller', false],
      ['Refunded', false],
    ]);
    expect(returnSteps({ ...base, status: 'rejected', rejectedAt: 'x' }).map((s) => s.label)).toEqual([
      'Return requested',
      'Return rejected',
    ]);
    expect(returnSteps({ ...base, resolution: 'replacement', status: 'received', receivedAt: 'y' }).at(-1)).toEqual({
      label: 'Replacement shipped',
      at: null,
      done: false,
    });
  });

  it('writes a pickup date as the India calendar date it is', () => {
    expect(formatPickupDate('2026-11-27')).toBe('Fri, 27 Nov 2026');
    // Written as every other date is: no comma before the year.
    expect(formatPickupDate('2026-12-03')).toBe('Thu, 3 Dec 2026');
  });

  it('takes a change-of-mind return only of a unit said to be unopened, and asks nothing of other reasons', () => {
    expect(changeOfMindProblem('changed_mind', true)).toBeUndefined();
    expect(changeOfMindProblem('changed_mind', false)).toBe(OPENED_CHANGE_OF_MIND);
    expect(changeOfMindProblem('changed_mind', undefined)).toBe(UNOPENED_UNANSWERED);
    expect(changeOfMindProblem('defective', false)).toBeUndefined();
    expect(changeOfMindProblem('missing_parts', undefined)).toBeUndefined();
  });
});
