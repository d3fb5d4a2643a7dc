import { describe, expect, it } from 'vitest';
import { alternatives, editDistance, likeliest, queryWords, withinOneEdit } from './typo-tolerance.ts';

describe('typo tolerance', () => {
  const vocabulary = ['carbon', 'dell', 'lenovo', 'thinkpad', 'ultrasharp', 'x1'].sort();

  it('splits a query into lower-case words without punctuation or accents', () => {
    expect(queryWords('  ThinkPad X1-Carbon, café  thinkpad ')).toEqual(['thinkpad', 'x1', 'carbon', 'cafe']);
    expect(queryWords('<script>')).toEqual(['script']);
  });

  it('measures edits including a transposition', () => {
    expect(editDistance('thinkpd', 'thinkpad')).toBe(1);
    expect(editDistance('lenvoo', 'lenovo')).toBe(1);
    expect(editDistance('dell', 'dell')).toBe(0);
    expect(editDistance('abc', 'xyz')).toBeGreaterThan(1);
  });

  it('keeps a word that prefixes a term, corrects one typo, and gives up beyond that', () => {
    expect(alternatives(vocabulary, 'think')).toEqual(['think']);
    expect(alternatives(vocabulary, 'thinkpd')).toContain('thinkpad');
    expect(alternatives(vocabulary, 'ultrashrp')).toContain('ultrasharp');
    expect(alternatives(vocabulary, 'thnkpd')).toEqual([]);
    expect(alternatives(vocabulary, 'xyz')).toEqual([]);
  });

  it('reads a typo as one word: a whole term before the start of a longer one, then the one most products have', () => {
    const products = new Map([
      ['core', 900],
      ['one', 300],
      ['code', 20],
      ['cure', 20],
      ['conn', 5000],
      ['connectivity', 50],
      ['cone', 0],
    ]);
    const count = (term: string) => products.get(term) ?? 0;
    const isTerm = (standIn: string) => standIn !== 'conn';
    expect(likeliest(['code', 'conn', 'core', 'one'], isTerm, count)).toBe('core');
    expect(likeliest(['code', 'cure'], isTerm, count)).toBe('code');
    expect(likeliest(['conn'], isTerm, count)).toBe('conn');
    expect(likeliest([], isTerm, count)).toBeUndefined();
    // A word no product has any more is no reading.
    expect(likeliest(['cone', 'conn'], isTerm, count)).toBe('conn');
    const vocabulary = ['code', 'connectivity', 'core', 'one'];
    expect(alternatives(vocabulary, 'cone', count)).toEqual(['core']);
    expect(alternatives(vocabulary, 'connectivty', count)).toEqual(['connectivity']);
  });

  it('tells within one edit the same as the full edit distance', () => {
    const words = [
      'thinkpad',
      'thinkpd',
      'thnikpad',
      'thinkpads',
      'hinkpad',
      'thinkpaf',
      'tihnkpad',
      'lenovo',
      'lenvo',
      'lenovoo',
      'a',
      'ab',
      'ba',
      'abc',
      'acb',
      'xyz',
    ];
    for (const a of words) for (const b of words) expect(withinOneEdit(a, b), `${a} ~ ${b}`).toBe(Math.min(editDistance(a, b, 1), 2));
  });
});
