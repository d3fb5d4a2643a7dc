import { describe, expect, it } from 'vitest';
import { LISTING_STATE_LABELS, listingStateOf } from './listing-state.ts';

describe('listing state', () => {
  it('reads "Active" only for a published listing the marketplace approved', () => {
    const label = (...args: Parameters<typeof listingStateOf>) => LISTING_STATE_LABELS[listingStateOf(...args)];
    expect(label('active', 'approved')).toBe('Active');
    expect(label('active', 'pending')).toBe('Awaiting approval');
    expect(label('active', 'rejected')).toBe('Not approved');
    expect(label('draft', 'pending')).toBe('Draft');
    expect(label('archived', 'rejected')).toBe('Archived');
  });
});
