import { describe, expect, it } from 'vitest';
import { compress, decodedLength, decodeInto, uncompress } from './lz4.ts';

/** Deterministic pseudo-random text: JSON-like, with runs, repeats and characters beyond Latin-1. */
function texts(count: number): string[] {
  let seed = 12_345;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % n;
  };
  const words = ['{"id":', '"name":"', 'Lenovo', 'ThinkPad', '₹1,29,999', '“quoted”', '🙂', 'é', '"},', '[', ']', ' ', 'IPS 144 Hz'];
  return Array.from({ length: count }, () => {
    let text = '';
    const parts = next(400);
    for (let k = 0; k < parts; k++) {
      const kind = next(10);
      if (kind === 0) text += 'a'.repeat(next(300));
      else if (kind === 1) text += text.slice(next(text.length + 1), next(text.length + 1));
      else text += words[next(words.length)];
    }
    return text;
  });
}

describe('LZ4 blocks against a dictionary', () => {
  const dictionary = Buffer.from(texts(40).join('').slice(0, 16_000));

  it('decodes what lz4-napi encodes exactly as lz4-napi does, with a dictionary and without, at any place in a buffer', () => {
    const to = Buffer.alloc(200_000);
    for (const [index, text] of texts(300).entries()) {
      for (const used of [dictionary, undefined]) {
        const bytes = Buffer.concat([Buffer.from('prefix'), compress(text, used)]);
        const at = index % 7;
        const end = decodeInto(bytes, 6, bytes.length, used ?? Buffer.alloc(0), to, at);
        expect(to.toString('utf8', at, end)).toBe(text);
        expect(end - at).toBe(decodedLength(bytes, 6));
        expect(uncompress(bytes.subarray(6), used).toString('utf8')).toBe(text);
      }
    }
  });

  it('copies a match that begins in the dictionary and runs on into the block, and one that overlaps what it writes', () => {
    // Written by hand, as lz4_flex stops a match at the dictionary's end: "def" from the
    // dictionary "abcdef", then 3 more from the block's own start (offset 3, 6 bytes), then a run
    // of the literal "A" copied 5 times (offset 1), then the literal "x".
    const block = Buffer.from([...[11, 0, 0, 0], ...[0x02, 3, 0], ...[0x11, 0x41, 1, 0], ...[0x10, 0x78]]);
    const to = Buffer.alloc(64);
    const end = decodeInto(block, 0, block.length, Buffer.from('abcdef'), to, 10);
    expect(to.toString('latin1', 10, end)).toBe('defdefAAAAAAx');
  });

  it('reads a decoded length little-endian, as an unsigned number, at any place', () => {
    const bytes = Buffer.from([9, 0x01, 0x02, 0x03, 0x84, 0xff, 0xff, 0xff, 0xff]);
    expect(decodedLength(bytes, 1)).toBe(0x84030201);
    expect(decodedLength(bytes, 5)).toBe(2 ** 32 - 1);
    expect(decodedLength(compress('x'.repeat(70_000), undefined), 0)).toBe(70_000);
  });

  it('shrinks text that shares the dictionary’s words', () => {
    const text = texts(41)[40] as string;
    expect(compress(text, dictionary).length).toBeLessThan(compress(text, undefined).length);
  });
});
