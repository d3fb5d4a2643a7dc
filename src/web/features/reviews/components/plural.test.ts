import { describe, expect, it } from 'vitest';
import { plural } from './plural.ts';

describe('plural', () => {
  it('takes the singular for one and the plural otherwise, in Indian digit grouping', () => {
    expect(plural(1, 'rating', 'ratings')).toBe('1 rating');
    expect(plural(0, 'rating', 'ratings')).toBe('0 ratings');
    expect(plural(125000, 'person', 'people')).toBe('1,25,000 people');
  });
});
