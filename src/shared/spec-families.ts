/**
 * What a shopper filters processors and graphics by: the family a model belongs to, not the model.
 * "Intel Core i5-1335U" and "Intel Core i5-14400" are both "Intel Core i5"; "NVIDIA GeForce RTX
 * 4060 8 GB" is "NVIDIA GeForce RTX 4060" whatever its memory; graphics built into the processor
 * ("Intel Iris Xe", "Apple 10-core GPU", "AMD Radeon 780M") are all "Integrated".
 * Sellers type these specs freely, so each function reads what it recognises and leaves the rest.
 */

const words = (text: string) => text.replace(/[®™]/g, ' ').replace(/\s+/g, ' ').trim();
const title = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

const PROCESSOR_FAMILIES: ReadonlyArray<[RegExp, (match: RegExpMatchArray) => string]> = [
  [/\bcore\s+ultra\s+([3579])\b/i, (m) => `Intel Core Ultra ${m[1]}`],
  [/\b(?:core\s+)?i([3579])(?:\s*-\s*|\s+)\w*\d/i, (m) => `Intel Core i${m[1]}`],
  [/\bcore\s+i([3579])\b/i, (m) => `Intel Core i${m[1]}`],
  // Intel's 2024 "Core 5 120U" (Series 1), without "Ultra".
  [/\bintel\s+core\s+([3579])\b/i, (m) => `Intel Core ${m[1]}`],
  [/\b(celeron|pentium|xeon|atom)\b/i, (m) => `Intel ${title(m[1] as string)}`],
  [/\bryzen\s+ai\s+(?:max\+?\s+)?([3579])\b/i, (m) => `AMD Ryzen AI ${m[1]}`],
  [/\bryzen\s+threadripper\b/i, () => 'AMD Ryzen Threadripper'],
  [/\bryzen\s+([3579])\b/i, (m) => `AMD Ryzen ${m[1]}`],
  [/\b(athlon|epyc)\b/i, (m) => `AMD ${title(m[1] as string)}`],
  [/^(?:apple\s+)?m([1-9])(?:\s+(pro|max|ultra))?\b/i, (m) => `Apple M${m[1]}${m[2] ? ` ${title(m[2])}` : ''}`],
  [/\bsnapdragon\s+x\d*\b/i, () => 'Qualcomm Snapdragon X'],
  [/\bsnapdragon\b/i, () => 'Qualcomm Snapdragon'],
  [/\bmediatek\s+([a-z]+)/i, (m) => `MediaTek ${title(m[1] as string)}`],
];

/** "Intel Core i7-14700F" → "Intel Core i7"; "Apple M4 Pro (12-core CPU)" → "Apple M4 Pro"; undefined when not recognised. */
export function processorFamily(processor: string): string | undefined {
  const text = words(processor);
  for (const [pattern, family] of PROCESSOR_FAMILIES) {
    const match = text.match(pattern);
    if (match) return family(match);
  }
  return undefined;
}

/** Built into the processor: what most laptops and office desktops have. */
export const INTEGRATED_GRAPHICS = 'Integrated';

/**
 * "NVIDIA GeForce RTX 4060 8 GB" → "NVIDIA GeForce RTX 4060"; "RTX 4070 SUPER 12 GB" → "NVIDIA
 * GeForce RTX 4070 SUPER"; "AMD Radeon RX 7600M XT" → "AMD Radeon RX 7600M XT"; "Intel Arc A770"
 * stays; anything else (Intel UHD/Iris/Arc 140V, AMD Radeon 780M, Apple and Qualcomm GPUs) is
 * integrated. A dedicated card the patterns miss keeps its name, without its memory size.
 */
export function graphicsFamily(graphics: string): string | undefined {
  const text = words(graphics);
  if (!text) return undefined;
  const geforce = text.match(/\b(rtx|gtx)\s*(\d{3,4})(?:\s+(ti|super))?(?:\s+(ti|super))?\b/i);
  if (geforce && !/\bquadro\b|\bada\b/i.test(text)) {
    const suffix = [geforce[3], geforce[4]].filter(Boolean).map((word) => (word?.toLowerCase() === 'ti' ? 'Ti' : 'SUPER'));
    return ['NVIDIA GeForce', (geforce[1] as string).toUpperCase(), geforce[2], ...suffix].join(' ');
  }
  const radeon = text.match(/\bradeon\s+rx\s*(\d{3,4}[a-z]?)(?:\s+(xtx|xt|gre))?\b/i);
  if (radeon) return ['AMD Radeon RX', (radeon[1] as string).toUpperCase(), radeon[2]?.toUpperCase()].filter(Boolean).join(' ');
  const arc = text.match(/\barc\s+([ab]\d{3}m?)\b/i);
  if (arc) return `Intel Arc ${(arc[1] as string).toUpperCase()}`;
  if (/\b(nvidia|quadro)\b/i.test(text)) {
    return words(text.replace(/\b\d+\s*gb\b.*$/i, '').replace(/\blaptop gpu\b/i, ''));
  }
  return INTEGRATED_GRAPHICS;
}
