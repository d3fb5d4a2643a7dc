import { afterEach, describe, expect, it } from 'vitest';
import { forgetViewed, parseRecentlyViewed, RECENTLY_VIEWED_MAX, recentlyViewed, recordView, rememberView } from './recently-viewed.ts';

describe('recently viewed', () => {
  afterEach(() => localStorage.clear());

  it('puts the product just opened first, moving one seen before rather than repeating it', () => {
    expect(recordView([], 5)).toEqual([5]);
    expect(recordView([3, 2, 1], 4)).toEqual([4, 3, 2, 1]);
    expect(recordView([3, 2, 1], 2)).toEqual([2, 3, 1]);
  });

  it('keeps the last twelve', () => {
    let ids: number[] = [];
    for (let id = 1; id <= 15; id++) ids = recordView(ids, id);
    expect(ids).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(ids[0]).toBe(15);
    expect(ids.at(-1)).toBe(4);
  });

  it('reads the saved list, dropping what is not a product id, repeats and anything beyond twelve; corrupt data as none', () => {
    expect(parseRecentlyViewed(null)).toEqual([]);
    expect(parseRecentlyViewed('oops')).toEqual([]);
    expect(parseRecentlyViewed('{"a":1}')).toEqual([]);
    expect(parseRecentlyViewed('[3, "4", 0, -1, 2.5, 3, 7]')).toEqual([3, 7]);
    expect(parseRecentlyViewed(JSON.stringify(Array.from({ length: 20 }, (_, i) => i + 1)))).toHaveLength(RECENTLY_VIEWED_MAX);
  });

  it('remembers views in this browser and forgets one or all', () => {
    rememberView(1);
    rememberView(2);
    rememberView(1);
    expect(recentlyViewed.read()).toEqual([1, 2]);
    forgetViewed(1);
    expect(recentlyViewed.read()).toEqual([2]);
    forgetViewed();
    expect(localStorage.getItem('cb.recently-viewed')).toBeNull();
  });
});
