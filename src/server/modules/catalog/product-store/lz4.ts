import { compressSync, uncompressSync } from 'lz4-napi';

/**
 * LZ4 blocks against a dictionary, for the products' JSON kept in memory (product-store.ts).
 * lz4-napi compresses; decoding is the few lines below, because the library answers each block
 * with a Buffer of its own, and a listing wants its 24 products side by side in one buffer
 * without 24 allocations outside the heap. The decoder is tested against the library's own.
 */

/** `text` as one LZ4 block against `dictionary`: its decoded length (4 bytes, little-endian) and the block. */
export function compress(text: string, dictionary: Buffer | undefined): Buffer {
  return compressSync(Buffer.from(text), dictionary?.length ? dictionary : undefined);
}

/** The library's decoder, for tests. */
export function uncompress(bytes: Buffer, dictionary: Buffer | undefined): Buffer {
  return uncompressSync(bytes, dictionary);
}

/** The decoded length of a block `compress` wrote at `start`. */
export function decodedLength(bytes: Buffer, start: number): number {
  return bytes.readUInt32LE(start);
}

/** Copies shorter than this go byte by byte: a call to Buffer#copy costs more. */
const SHORT = 24;

/**
 * Decodes the block `compress` wrote at bytes[start, end) into `to` at `at`, which must have room
 * for its decoded length; returns where it ends. A match reaching back before `at` reads the end
 * of `dictionary` (the LZ4 block format: a sequence of literals, then a 2-byte offset back and a
 * length to copy, each length of 15 or more continued in bytes of 255 and a last one).
 */
export function decodeInto(bytes: Buffer, start: number, end: number, dictionary: Buffer, to: Buffer, at: number): number {
  let i = start + 4;
  let o = at;
  while (i < end) {
    const token = bytes[i++] as number;
    let literals = token >>> 4;
    if (literals === 15) {
      let more: number;
      do {
        more = bytes[i++] as number;
        literals += more;
      } while (more === 255);
    }
    if (literals < SHORT) for (let k = 0; k < literals; k++) to[o + k] = bytes[i + k] as number;
    else bytes.copy(to, o, i, i + literals);
    i += literals;
    o += literals;
    // The last sequence is literals only.
    if (i >= end) break;
    const offset = (bytes[i] as number) | ((bytes[i + 1] as number) << 8);
    i += 2;
    let length = (token & 15) + 4;
    if (length === 19) {
      let more: number;
      do {
        more = bytes[i++] as number;
        length += more;
      } while (more === 255);
    }
    let from = o - offset;
    if (from < at) {
      // The dictionary's end stands just before the block's start.
      const fromDictionary = Math.min(length, at - from);
      const d = dictionary.length - (at - from);
      if (fromDictionary < SHORT) for (let k = 0; k < fromDictionary; k++) to[o + k] = dictionary[d + k] as number;
      else dictionary.copy(to, o, d, d + fromDictionary);
      o += fromDictionary;
      length -= fromDictionary;
      from = at;
    }
    // A match may overlap what it writes (a run): then byte by byte, in order.
    if (length < SHORT || o - from < length) for (let k = 0; k < length; k++) to[o + k] = to[from + k] as number;
    else to.copy(to, o, from, from + length);
    o += length;
  }
  return o;
}
