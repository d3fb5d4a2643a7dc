/** The third picture of every product: brand, model and the specs a shopper compares. */
import type { DemoProduct } from '../../src/server/db/seed/demo-catalog.types.ts';
import type { DesktopSpecs } from '../../src/shared/schemas/catalog.ts';
import { esc, hash, n, hsl, textWidth, fit, wrap, fitItems, RESOLUTION_NAMES, gb, accentOf, doc } from './draw-kit.ts';

export function specCard(p: DemoProduct): string {
  const accent = accentOf(p);
  const hue = hash(p.name) % 360;
  let headline: string;
  let rows: Array<[string, string]>;
  if (p.category === 'Laptop') {
    const s = p.specs;
    headline = `${s.ramGb} GB RAM · ${gb(s.storageGb)} ${s.storageType} · ${s.displaySizeIn} inch`;
    rows = [
      ['Processor', s.processor],
      ['Graphics', s.graphics],
      ['Portability', `${s.weightKg} kg · ${s.batteryWh} Wh battery`],
      ['Software', s.os],
    ];
  } else if (p.category === 'Desktop') {
    const s: DesktopSpecs = p.specs;
    headline = `${s.ramGb} GB RAM · ${gb(s.storageGb)} ${s.storageType}`;
    rows = [
      ['Processor', s.processor],
      ['Graphics', s.graphics],
      ['Form factor', s.formFactor],
    ];
  } else {
    const s = p.specs;
    const res = s.resolution.replace('x', '×');
    headline = `${s.sizeIn} inch · ${res} · ${s.refreshRateHz} Hz`;
    rows = [
      ['Panel', s.panel],
      ['Response', `${s.responseTimeMs} ms`],
      ['Resolution', RESOLUTION_NAMES[s.resolution] ?? res],
      ['Ports', fitItems(s.ports, 21, 440)],
    ];
  }
  const maxW = 610;
  let size = 40;
  let lines = wrap(p.name, size, maxW, true);
  for (const candidate of [40, 34, 30, 26]) {
    size = candidate;
    lines = wrap(p.name, size, maxW, true);
    if (lines.length <= 2) break;
  }
  lines = lines.slice(0, 3);
  let out = `<circle cx="720" cy="70" r="160" fill="${hsl(hue, 70, 70)}" opacity=".25"/><circle cx="70" cy="560" r="120" fill="${accent}" opacity=".12"/>`;
  out += `<rect x="56" y="58" width="700" height="500" rx="28" fill="#000" opacity=".05"/>`;
  out += `<rect x="50" y="50" width="700" height="500" rx="28" fill="#fff"/>`;
  out += `<rect x="50" y="50" width="14" height="500" fill="${accent}" clip-path="url(#cd)"/>`;
  const category = p.category.toUpperCase();
  const brand = p.brand.toUpperCase();
  out += `<text x="100" y="108" font-size="18" font-weight="700" letter-spacing="3" fill="${accent}">${esc(brand)}</text>`;
  const pillW = textWidth(category, 13, true) + 40;
  out += `<rect x="${n(710 - pillW)}" y="88" width="${n(pillW)}" height="28" rx="14" fill="${hsl(hue, 50, 94)}"/>`;
  out += `<text x="${n(710 - pillW / 2)}" y="107" font-size="13" font-weight="700" letter-spacing="2" fill="${hsl(hue, 45, 32)}" text-anchor="middle">${esc(category)}</text>`;
  let y = 108 + size * 1.35;
  for (const line of lines) {
    out += `<text x="100" y="${n(y)}" font-size="${size}" font-weight="700" fill="#111827">${esc(line)}</text>`;
    y += size * 1.2;
  }
  y += 6;
  out += `<text x="100" y="${n(y)}" font-size="22" font-weight="600" fill="#374151">${esc(fit(headline, 22, maxW, true))}</text>`;
  y += 26;
  out += `<rect x="100" y="${n(y)}" width="610" height="2" fill="#e5e7eb"/>`;
  const step = Math.max(44, Math.min(70, (536 - y) / rows.length));
  y += step * 0.72;
  for (const [label, value] of rows) {
    out += `<rect x="100" y="${n(y - 11)}" width="8" height="8" rx="2" fill="${accent}"/>`;
    out += `<text x="120" y="${n(y)}" font-size="14" font-weight="600" letter-spacing="1" fill="#6b7280">${esc(label.toUpperCase())}</text>`;
    out += `<text x="270" y="${n(y)}" font-size="21" fill="#111827">${esc(fit(value, 21, 440))}</text>`;
    y += step;
  }
  return doc(p, '<clipPath id="cd"><rect x="50" y="50" width="700" height="500" rx="28"/></clipPath>', out);
}
