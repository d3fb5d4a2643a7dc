/**
 * Draws the product photos of the demo catalogue as SVG: three per product, written to public/catalog/.
 *   1: front view of the device, with a wallpaper that varies per product
 *   2: a second angle (laptop lid and side ports, desktop rear I/O or side profile, monitor rear)
 *   3: a spec card with the brand, model and key specs
 * Everything is drawn from code: no external references, no <image>, no scripts.
 *
 * Run: node tools/generate-catalog-images.ts
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PRODUCTS } from '../src/server/db/seed/demo-catalog.ts';
import type { DemoProduct } from '../src/server/db/seed/demo-catalog.types.ts';
import type { DesktopSpecs, LaptopSpecs, MonitorSpecs } from '../src/shared/schemas/catalog.ts';

type Laptop = Extract<DemoProduct, { category: 'Laptop' }>;
type Desktop = Extract<DemoProduct, { category: 'Desktop' }>;
type Monitor = Extract<DemoProduct, { category: 'Monitor' }>;

const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/catalog');
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif";

// ---------------------------------------------------------------- helpers

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** FNV-1a: a stable 32-bit hash of the product name, so every product gets its own colours. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Short number for coordinates. */
const n = (x: number): string => String(Math.round(x * 10) / 10);
const hsl = (h: number, s: number, l: number): string => `hsl(${Math.round(((h % 360) + 360) % 360)},${s}%,${l}%)`;

/** Rough text width for a system sans-serif: good enough to wrap and truncate safely. */
function textWidth(text: string, size: number, bold = false): number {
  let units = 0;
  for (const ch of text) {
    if (/[ .,:;'|!il1()\-·]/.test(ch)) units += 0.32;
    else if (/[A-Z0-9×]/.test(ch)) units += bold ? 0.7 : 0.66;
    else if (/[mwMW]/.test(ch)) units += 0.86;
    else units += bold ? 0.6 : 0.56;
  }
  return units * size;
}

function fit(text: string, size: number, maxWidth: number, bold = false): string {
  if (textWidth(text, size, bold) <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && textWidth(`${cut}…`, size, bold) > maxWidth) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

function wrap(text: string, size: number, maxWidth: number, bold: boolean): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size, bold) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Join items with a separator into lines, never breaking inside an item. */
function wrapItems(items: string[], sep: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    const next = line ? `${line}${sep}${item}` : item;
    if (line && textWidth(next, size) > maxWidth) {
      lines.push(line);
      line = item;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** As many whole items as fit on one line, then "+N more". */
function fitItems(items: string[], size: number, maxWidth: number): string {
  for (let k = items.length; k > 0; k--) {
    const text = items.slice(0, k).join(', ') + (k < items.length ? ` +${items.length - k} more` : '');
    if (textWidth(text, size) <= maxWidth) return text;
  }
  return fit(items[0] ?? '', size, maxWidth);
}

const RESOLUTION_NAMES: Record<string, string> = {
  '1920x1080': 'Full HD',
  '2560x1080': 'Ultrawide Full HD (21:9)',
  '2560x1440': 'QHD',
  '3440x1440': 'Ultrawide QHD (21:9)',
  '3840x2160': '4K UHD',
  '5120x2880': '5K',
};

const gb = (value: number): string => (value >= 1024 && value % 1024 === 0 ? `${value / 1024} TB` : `${value} GB`);

// ---------------------------------------------------------------- product look

const BRAND_ACCENT: Record<string, string> = {
  Lenovo: '#e2231a',
  Dell: '#0672cb',
  HP: '#0096d6',
  ASUS: '#00539b',
  Acer: '#5f9a12',
  Apple: '#7d7d84',
  Samsung: '#1428a0',
  LG: '#a50034',
  BenQ: '#5b2c86',
  MSI: '#e60012',
  ViewSonic: '#c27c00',
  AOC: '#0b7f7a',
  'LRD Custom': '#f06000',
  'NPC Custom': '#138a4c',
};

function accentOf(p: DemoProduct): string {
  const name = p.name;
  if (/\bROG\b/.test(name)) return '#e4002b';
  if (/\bTUF\b/.test(name)) return '#e39b00';
  if (/Alienware/.test(name)) return '#009ec2';
  if (/Predator/.test(name)) return '#0089cf';
  if (/Nitro/.test(name)) return '#d9261c';
  if (/Zowie/.test(name)) return '#d0021b';
  return BRAND_ACCENT[p.brand] ?? '#4b5563';
}

/** The word printed on the device itself. */
function markOf(p: DemoProduct): string {
  const marks: Array<[RegExp, string]> = [
    [/\bROG\b/, 'ROG'],
    [/\bTUF\b/, 'TUF GAMING'],
    [/Legion/, 'LEGION'],
    [/Alienware/, 'ALIENWARE'],
    [/Predator/, 'PREDATOR'],
    [/Nitro/, 'NITRO'],
    [/Victus/, 'VICTUS'],
    [/Zowie/, 'ZOWIE'],
    [/ThinkPad/, 'ThinkPad'],
    [/ThinkCentre/, 'ThinkCentre'],
  ];
  for (const [re, mark] of marks) if (re.test(p.name)) return mark;
  if (p.brand === 'Apple') return '';
  if (p.brand === 'LRD Custom') return 'LRD';
  if (p.brand === 'NPC Custom') return 'NPC';
  return p.brand.toUpperCase();
}

function graphicsOf(p: DemoProduct): string {
  return p.category === 'Monitor' ? '' : p.specs.graphics;
}

function isGaming(p: DemoProduct): boolean {
  if (p.category === 'Monitor') return p.specs.refreshRateHz >= 144;
  return /RTX|Radeon RX|ROG|TUF|Legion|Nitro|Victus|Alienware|Predator|Katana|Gaming/.test(`${p.name} ${graphicsOf(p)}`);
}

const hasDiscreteGpu = (p: DemoProduct): boolean => /RTX|Radeon RX/.test(graphicsOf(p));

interface Chassis {
  body: string;
  light: string;
  edge: string;
  key: string;
  dark: boolean;
}

function chassisOf(p: DemoProduct): Chassis {
  if (p.brand === 'Apple') return { body: '#dcdee2', light: '#eef0f2', edge: '#b3b7be', key: '#26272b', dark: false };
  if (isGaming(p) || /Think|NUC|OptiPlex|ProDesk|Veriton|ExpertCenter|EliteBook/.test(p.name)) {
    return /EliteBook/.test(p.name)
      ? { body: '#b9bec6', light: '#d7dbe0', edge: '#8f959e', key: '#1f2227', dark: false }
      : { body: '#2d3037', light: '#3d414a', edge: '#1b1d22', key: '#111215', dark: true };
  }
  const options: Chassis[] = [
    { body: '#d3d7dd', light: '#e6e9ed', edge: '#a9afb8', key: '#2b2e35', dark: false },
    { body: '#8b929d', light: '#a3a9b3', edge: '#646b76', key: '#202328', dark: true },
    { body: '#4b5568', light: '#5d687c', edge: '#343c4a', key: '#171a20', dark: true },
  ];
  return options[hash(p.name) % options.length]!;
}

// ---------------------------------------------------------------- shared pieces

function doc(p: DemoProduct, defs: string, body: string): string {
  const hue = hash(p.name) % 360;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600" role="img" font-family="${FONT}">` +
    `<title>${esc(p.name)}</title><defs>` +
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f8f9fb"/><stop offset="1" stop-color="#e3e6eb"/></linearGradient>` +
    `<radialGradient id="gl" cx=".5" cy=".38" r=".55"><stop offset="0" stop-color="${hsl(hue, 60, 86)}" stop-opacity=".6"/><stop offset="1" stop-color="${hsl(hue, 60, 86)}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="sh"><stop offset="0" stop-color="#000" stop-opacity=".28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>` +
    `${defs}</defs><rect width="800" height="600" fill="url(#bg)"/><rect width="800" height="600" fill="url(#gl)"/>${body}</svg>`
  );
}

const shadow = (cx: number, cy: number, rx: number, ry: number): string =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="url(#sh)"/>`;

/** A colourful wallpaper clipped to `shape` (an SVG path d), varying per product. */
function wallpaper(p: DemoProduct, x: number, y: number, w: number, h: number, shape?: string) {
  const seed = hash(p.name);
  const hue = seed % 360;
  const h2 = hue + 40 + ((seed >> 9) % 50);
  const d = shape ?? `M${n(x)} ${n(y)}h${n(w)}v${n(h)}h${n(-w)}z`;
  const defs =
    `<linearGradient id="wp" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 78, 60)}"/><stop offset="1" stop-color="${hsl(h2, 80, 38)}"/></linearGradient>` +
    `<clipPath id="sc"><path d="${d}"/></clipPath>`;
  let art: string;
  const X = (f: number) => n(x + w * f);
  const Y = (f: number) => n(y + h * f);
  switch ((seed >> 5) % 3) {
    case 0:
      art =
        `<circle cx="${X(0.18)}" cy="${Y(0.85)}" r="${n(h * 0.55)}" fill="${hsl(hue + 180, 85, 72)}" opacity=".35"/>` +
        `<circle cx="${X(0.82)}" cy="${Y(0.18)}" r="${n(h * 0.42)}" fill="#fff" opacity=".2"/>` +
        `<circle cx="${X(0.62)}" cy="${Y(1.05)}" r="${n(h * 0.38)}" fill="${hsl(hue + 90, 80, 60)}" opacity=".35"/>`;
      break;
    case 1:
      art =
        `<path d="M${X(0)} ${Y(0.62)}C${X(0.3)} ${Y(0.3)} ${X(0.62)} ${Y(0.95)} ${X(1)} ${Y(0.5)}V${Y(1)}H${X(0)}z" fill="${hsl(hue + 200, 80, 65)}" opacity=".45"/>` +
        `<path d="M${X(0)} ${Y(0.8)}C${X(0.35)} ${Y(0.58)} ${X(0.7)} ${Y(1.02)} ${X(1)} ${Y(0.72)}V${Y(1)}H${X(0)}z" fill="${hsl(hue + 150, 70, 30)}" opacity=".5"/>` +
        `<circle cx="${X(0.74)}" cy="${Y(0.3)}" r="${n(h * 0.12)}" fill="#fff" opacity=".55"/>`;
      break;
    default:
      art =
        `<path d="M${X(0.15)} ${Y(0)}L${X(0.5)} ${Y(0)}L${X(0.2)} ${Y(1)}L${X(-0.15)} ${Y(1)}z" fill="#fff" opacity=".16"/>` +
        `<path d="M${X(0.58)} ${Y(0)}L${X(0.78)} ${Y(0)}L${X(0.48)} ${Y(1)}L${X(0.28)} ${Y(1)}z" fill="${hsl(hue + 170, 85, 70)}" opacity=".3"/>` +
        `<path d="M${X(0.9)} ${Y(0)}L${X(1.1)} ${Y(0)}L${X(0.8)} ${Y(1)}L${X(0.6)} ${Y(1)}z" fill="#fff" opacity=".12"/>`;
  }
  const body = `<g clip-path="url(#sc)"><rect x="${n(x - 2)}" y="${n(y - 30)}" width="${n(w + 4)}" height="${n(h + 60)}" fill="url(#wp)"/>${art}</g>`;
  return { defs, body };
}

/** Operating-system chrome drawn over a wallpaper. */
function osChrome(os: string, hue: number, x: number, y: number, w: number, h: number): string {
  let out = '';
  if (os === 'macOS') {
    const dh = h * 0.09;
    const dw = w * 0.42;
    const dx = x + (w - dw) / 2;
    const dy = y + h - dh - h * 0.03;
    out += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h * 0.045)}" fill="#fff" opacity=".4"/>`;
    out += `<rect x="${n(dx)}" y="${n(dy)}" width="${n(dw)}" height="${n(dh)}" rx="${n(dh * 0.3)}" fill="#fff" opacity=".35"/>`;
    const s = dh * 0.7;
    const gap = (dw - 7 * s) / 8;
    for (let i = 0; i < 7; i++) {
      out += `<rect x="${n(dx + gap + i * (s + gap))}" y="${n(dy + (dh - s) / 2)}" width="${n(s)}" height="${n(s)}" rx="${n(s * 0.24)}" fill="${hsl(hue + i * 47, 70, 56)}"/>`;
    }
  } else if (os === 'Chrome OS') {
    const th = h * 0.08;
    out += `<rect x="${n(x)}" y="${n(y + h - th)}" width="${n(w)}" height="${n(th)}" fill="#0b1020" opacity=".35"/>`;
    const colours = ['#fff', '#4285f4', '#ea4335', '#fbbc05', '#34a853'];
    colours.forEach((c, i) => {
      const cx = i === 0 ? x + th * 0.7 : x + w / 2 + (i - 2.5) * th * 0.95;
      out += `<circle cx="${n(cx)}" cy="${n(y + h - th / 2)}" r="${n(th * 0.3)}" fill="${c}"/>`;
    });
  } else if (os === 'Ubuntu Linux') {
    const bw = w * 0.06;
    out += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h * 0.045)}" fill="#000" opacity=".55"/>`;
    out += `<rect x="${n(x)}" y="${n(y + h * 0.045)}" width="${n(bw)}" height="${n(h * 0.955)}" fill="#000" opacity=".4"/>`;
    const s = bw * 0.62;
    ['#e95420', '#3d8fd1', '#f2c94c', '#7bc86c', '#c9c9c9'].forEach((c, i) => {
      out += `<rect x="${n(x + (bw - s) / 2)}" y="${n(y + h * 0.08 + i * s * 1.35)}" width="${n(s)}" height="${n(s)}" rx="${n(s * 0.22)}" fill="${c}"/>`;
    });
  } else {
    const th = h * 0.075;
    out += `<rect x="${n(x)}" y="${n(y + h - th)}" width="${n(w)}" height="${n(th)}" fill="#0b1020" opacity=".42"/>`;
    const s = th * 0.5;
    for (let i = 0; i < 6; i++) {
      out += `<rect x="${n(x + w / 2 + (i - 3) * th * 0.85 + (th * 0.85 - s) / 2)}" y="${n(y + h - th + (th - s) / 2)}" width="${n(s)}" height="${n(s)}" rx="1.5" fill="${i === 0 ? '#6cc4ff' : '#fff'}" opacity=".9"/>`;
    }
  }
  return out;
}

interface Port {
  kind: 'usbc' | 'usba' | 'hdmi' | 'dp' | 'rj45' | 'audio' | 'magsafe' | 'sd' | 'power';
  count: number;
  label: string;
}

/** Port icons drawn on a dark or light surface, centred on (x, y). Returns the svg and the icon width. */
function portIcon(kind: Port['kind'], x: number, y: number, dark: boolean): { svg: string; w: number } {
  const hole = dark ? '#060708' : '#2a2c31';
  const rim = dark ? '#5b616b' : '#8a9099';
  switch (kind) {
    case 'usbc':
      return { svg: `<rect x="${n(x - 11)}" y="${n(y - 4)}" width="22" height="8" rx="4" fill="${hole}" stroke="${rim}"/>`, w: 24 };
    case 'usba':
      return {
        svg: `<rect x="${n(x - 13)}" y="${n(y - 6)}" width="26" height="12" rx="1.5" fill="${hole}" stroke="${rim}"/><rect x="${n(x - 9)}" y="${n(y - 3)}" width="18" height="3" fill="#2f6fd6"/>`,
        w: 28,
      };
    case 'hdmi':
      return { svg: `<path d="M${n(x - 14)} ${n(y - 6)}h28v7l-4 5h-20l-4-5z" fill="${hole}" stroke="${rim}"/>`, w: 30 };
    case 'dp':
      return { svg: `<path d="M${n(x - 11)} ${n(y - 6)}h22v12h-18l-4-4z" fill="${hole}" stroke="${rim}"/>`, w: 24 };
    case 'rj45':
      return {
        svg: `<rect x="${n(x - 11)}" y="${n(y - 9)}" width="22" height="18" rx="1.5" fill="${hole}" stroke="${rim}"/><rect x="${n(x - 4)}" y="${n(y + 5)}" width="8" height="4" fill="${rim}"/>`,
        w: 24,
      };
    case 'audio':
      return { svg: `<circle cx="${n(x)}" cy="${n(y)}" r="5.5" fill="${hole}" stroke="${rim}"/>`, w: 14 };
    case 'magsafe':
      return { svg: `<rect x="${n(x - 15)}" y="${n(y - 3.5)}" width="30" height="7" rx="3.5" fill="${hole}" stroke="${rim}"/>`, w: 32 };
    case 'sd':
      return { svg: `<rect x="${n(x - 13)}" y="${n(y - 2.5)}" width="26" height="5" rx="1" fill="${hole}" stroke="${rim}"/>`, w: 28 };
    default:
      return {
        svg: `<circle cx="${n(x)}" cy="${n(y)}" r="8" fill="${hole}" stroke="${rim}"/><circle cx="${n(x)}" cy="${n(y)}" r="2.5" fill="${rim}"/>`,
        w: 18,
      };
  }
}

/**
 * A row of port groups centred at (cx, y), each group labelled below. Every group gets at least
 * the width of its label, so labels never collide and leader lines stay straight.
 */
function portRow(ports: Port[], cx: number, y: number, dark: boolean, labelY: number): string {
  const groups = ports.map((port) => {
    const w = portIcon(port.kind, 0, 0, dark).w;
    const icons = port.count * w + (port.count - 1) * 6;
    return { port, w, icons, slot: Math.max(icons + 16, textWidth(port.label, 14) + 14) };
  });
  const totalW = groups.reduce((sum, g) => sum + g.slot, 0);
  let x = cx - totalW / 2;
  let out = '';
  for (const g of groups) {
    const c = x + g.slot / 2;
    const left = c - g.icons / 2;
    for (let i = 0; i < g.port.count; i++) out += portIcon(g.port.kind, left + g.w / 2 + i * (g.w + 6), y, dark).svg;
    out += `<line x1="${n(c)}" y1="${n(y + 12)}" x2="${n(c)}" y2="${n(labelY - 16)}" stroke="#9aa1ab" stroke-width="1"/>`;
    out += `<text x="${n(c)}" y="${n(labelY)}" font-size="14" fill="#4b5563" text-anchor="middle">${esc(g.port.label)}</text>`;
    x += g.slot;
  }
  return out;
}

/** Leader-line labels on the right-hand side: from a target point to a text at (tx, ty). */
function callout(fromX: number, fromY: number, tx: number, ty: number, label: string, accent: string): string {
  return (
    `<circle cx="${n(fromX)}" cy="${n(fromY)}" r="3.5" fill="${accent}"/>` +
    `<path d="M${n(fromX)} ${n(fromY)}L${n(tx - 30)} ${n(ty - 6)}H${n(tx - 8)}" fill="none" stroke="#9aa1ab" stroke-width="1.2"/>` +
    `<text x="${n(tx)}" y="${n(ty)}" font-size="17" fill="#374151">${esc(fit(label, 17, 790 - tx))}</text>`
  );
}

// ---------------------------------------------------------------- laptops

function laptopFront(p: Laptop): string {
  const s: LaptopSpecs = p.specs;
  const ch = chassisOf(p);
  const accent = accentOf(p);
  const hue = hash(p.name) % 360;
  const cx = 400;
  const lw = Math.round(440 + (s.displaySizeIn - 13) * 26);
  const lh = Math.round(lw * 0.63);
  const hy = 418;
  const lx = cx - lw / 2;
  const ly = hy - lh;
  const sx = lx + 14;
  const sy = ly + 14;
  const sw = lw - 28;
  const sh = lh - 40;
  const wp = wallpaper(p, sx, sy, sw, sh);
  const hw = (t: number) => lw / 2 + 6 + t * 60;
  let out = shadow(cx, hy + 94, lw / 2 + 120, 16);
  // lid
  out += `<rect x="${n(lx)}" y="${n(ly)}" width="${lw}" height="${lh + 6}" rx="16" fill="${ch.edge}"/>`;
  out += `<rect x="${n(lx + 3)}" y="${n(ly + 3)}" width="${lw - 6}" height="${lh}" rx="13" fill="#0d0e11"/>`;
  out += wp.body + osChrome(s.os, hue, sx, sy, sw, sh);
  out += `<path d="M${n(sx)} ${n(sy)}h${n(sw * 0.45)}l${n(-sw * 0.25)} ${n(sh)}h${n(-sw * 0.2)}z" fill="#fff" opacity=".06"/>`;
  const mark = markOf(p);
  if (p.brand === 'Apple') {
    out += `<rect x="${cx - 26}" y="${n(sy - 1)}" width="52" height="10" rx="4" fill="#0d0e11"/>`;
  } else {
    out += `<text x="${cx}" y="${n(hy - 10)}" font-size="10" font-weight="600" letter-spacing="1.5" fill="#8b9097" text-anchor="middle">${esc(mark)}</text>`;
  }
  // keyboard deck
  out += `<path d="M${n(cx - hw(0))} ${hy}H${n(cx + hw(0))}L${n(cx + hw(1))} ${hy + 82}H${n(cx - hw(1))}z" fill="url(#dk)"/>`;
  out += `<rect x="${n(cx - hw(1))}" y="${hy + 80}" width="${n(hw(1) * 2)}" height="10" rx="5" fill="${ch.edge}"/>`;
  out += `<rect x="${cx - 40}" y="${hy + 81}" width="80" height="4" rx="2" fill="#000" opacity=".18"/>`;
  if (isGaming(p)) out += `<rect x="${n(cx - hw(1) + 30)}" y="${hy + 86}" width="${n(hw(1) * 2 - 60)}" height="2" fill="${accent}"/>`;
  const rows = [0.13, 0.23, 0.33, 0.43, 0.53];
  rows.forEach((t, i) => {
    const y = hy + t * 82;
    const kw = hw(t) - 34 - t * 6;
    const period = (kw * 2) / 14;
    const glow = isGaming(p)
      ? `<line x1="${n(cx - kw)}" y1="${n(y)}" x2="${n(cx + kw)}" y2="${n(y)}" stroke="${accent}" stroke-width="7.5" stroke-dasharray="${n(period * 0.84)} ${n(period * 0.16)}" opacity=".55"/>`
      : '';
    if (i < rows.length - 1) {
      out += `${glow}<line x1="${n(cx - kw)}" y1="${n(y)}" x2="${n(cx + kw)}" y2="${n(y)}" stroke="${ch.key}" stroke-width="6" stroke-dasharray="${n(period * 0.84)} ${n(period * 0.16)}"/>`;
    } else {
      const left = cx - kw + period * 4;
      const right = cx + kw - period * 3;
      out += `<line x1="${n(cx - kw)}" y1="${n(y)}" x2="${n(left)}" y2="${n(y)}" stroke="${ch.key}" stroke-width="6" stroke-dasharray="${n(period * 0.84)} ${n(period * 0.16)}"/>`;
      out += `<line x1="${n(left)}" y1="${n(y)}" x2="${n(right - period * 0.16)}" y2="${n(y)}" stroke="${ch.key}" stroke-width="6"/>`;
      out += `<line x1="${n(right)}" y1="${n(y)}" x2="${n(cx + kw)}" y2="${n(y)}" stroke="${ch.key}" stroke-width="6" stroke-dasharray="${n(period * 0.84)} ${n(period * 0.16)}"/>`;
    }
  });
  if (/ThinkPad/.test(p.name)) out += `<circle cx="${cx}" cy="${n(hy + 0.48 * 82)}" r="3.2" fill="#e2231a"/>`;
  const tpTop = hy + 0.62 * 82;
  const tpBot = hy + 0.92 * 82;
  out += `<path d="M${n(cx - lw * 0.17)} ${n(tpTop)}H${n(cx + lw * 0.17)}L${n(cx + lw * 0.19)} ${n(tpBot)}H${n(cx - lw * 0.19)}z" fill="#000" opacity=".1"/>`;
  const defs =
    wp.defs +
    `<linearGradient id="dk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ch.body}"/><stop offset="1" stop-color="${ch.light}"/></linearGradient>`;
  return doc(p, defs, out);
}

function laptopPorts(p: Laptop): Port[] {
  if (/MacBook Pro/.test(p.name)) {
    return [
      { kind: 'magsafe', count: 1, label: 'MagSafe 3' },
      { kind: 'usbc', count: 2, label: '2× Thunderbolt' },
      { kind: 'audio', count: 1, label: '3.5 mm' },
    ];
  }
  if (p.brand === 'Apple') {
    return [
      { kind: 'magsafe', count: 1, label: 'MagSafe 3' },
      { kind: 'usbc', count: 2, label: '2× Thunderbolt 4' },
    ];
  }
  if (p.specs.os === 'Chrome OS') {
    return [
      { kind: 'usbc', count: 1, label: 'USB-C' },
      { kind: 'usba', count: 1, label: 'USB-A' },
      { kind: 'hdmi', count: 1, label: 'HDMI' },
      { kind: 'audio', count: 1, label: '3.5 mm' },
    ];
  }
  if (hasDiscreteGpu(p)) {
    return [
      { kind: 'power', count: 1, label: 'Power' },
      { kind: 'rj45', count: 1, label: 'Ethernet' },
      { kind: 'hdmi', count: 1, label: 'HDMI 2.1' },
      { kind: 'usbc', count: 1, label: 'USB-C' },
      { kind: 'usba', count: 1, label: 'USB-A' },
    ];
  }
  if (/XPS 13/.test(p.name)) return [{ kind: 'usbc', count: 1, label: 'Thunderbolt 4' }];
  return [
    { kind: 'usbc', count: 2, label: '2× USB-C' },
    { kind: 'hdmi', count: 1, label: 'HDMI' },
    { kind: 'usba', count: 1, label: 'USB-A' },
    { kind: 'audio', count: 1, label: '3.5 mm' },
  ];
}

function laptopSide(p: Laptop): string {
  const s = p.specs;
  const ch = chassisOf(p);
  const accent = accentOf(p);
  const cx = 400;
  // Closed lid, seen from the front and above.
  const w = 470 + (s.displaySizeIn - 14) * 22;
  const t = Math.round(9 + s.weightKg * 5);
  const front = 300;
  const back = 96;
  const d = `M${n(cx - w / 2 + 34)} ${back}H${n(cx + w / 2 - 34)}` + `L${n(cx + w / 2 + 22)} ${front}H${n(cx - w / 2 - 22)}z`;
  let out = shadow(cx, front + t + 8, w / 2 + 70, 14);
  out += `<path d="${d}" fill="url(#ld)" stroke="${ch.light}" stroke-width="14" stroke-linejoin="round"/>`;
  out += `<path d="M${n(cx - w / 2 - 29)} ${front + 7}H${n(cx + w / 2 + 29)}l-6 ${t}H${n(cx - w / 2 - 23)}z" fill="${ch.edge}"/>`;
  out += `<line x1="${n(cx - w / 2 - 26)}" y1="${n(front + 7 + t * 0.45)}" x2="${n(cx + w / 2 + 26)}" y2="${n(front + 7 + t * 0.45)}" stroke="#000" stroke-opacity=".25"/>`;
  const mark = markOf(p);
  if (mark) {
    const size = mark.length > 8 ? 30 : 38;
    out += `<text transform="translate(${cx} ${n((back + front) / 2 + 10)}) scale(1 .62)" font-size="${size}" font-weight="700" letter-spacing="2" fill="${isGaming(p) || /ThinkPad/.test(p.name) ? accent : ch.dark ? '#c5cad2' : ch.edge}" text-anchor="middle">${esc(mark)}</text>`;
  } else {
    out += `<circle cx="${cx}" cy="${n((back + front) / 2)}" r="16" fill="${ch.edge}" opacity=".55"/>`;
  }
  if (/ThinkPad/.test(p.name)) out += `<circle cx="${n(cx + w / 2 - 30)}" cy="${front - 22}" r="4" fill="#e2231a"/>`;
  // Side profile strip with ports.
  const py = 410;
  const ph = Math.max(16, t + 4);
  out += `<text x="${cx}" y="${py - 22}" font-size="13" letter-spacing="2" fill="#6b7280" text-anchor="middle">LEFT SIDE</text>`;
  out += `<path d="M${cx - 300} ${py}H${cx + 300}a6 6 0 0 1 6 6v${n(ph - 10)}a8 8 0 0 1-8 8H${cx - 302}a8 8 0 0 1-8-8v${n(-(ph - 10))}a6 6 0 0 1 6-6z" fill="${ch.body}" stroke="${ch.edge}"/>`;
  out += `<line x1="${cx - 302}" y1="${n(py + ph * 0.42)}" x2="${cx + 302}" y2="${n(py + ph * 0.42)}" stroke="#000" stroke-opacity=".2"/>`;
  out += portRow(laptopPorts(p), cx - 80, py + ph * 0.62, ch.dark, py + ph + 40);
  out += `<text x="${cx}" y="560" font-size="19" font-weight="600" fill="#374151" text-anchor="middle">${esc(`${s.weightKg} kg · ${s.displaySizeIn} inch · ${s.batteryWh} Wh battery`)}</text>`;
  const defs = `<linearGradient id="ld" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ch.body}"/><stop offset="1" stop-color="${ch.light}"/></linearGradient>`;
  return doc(p, defs, out);
}

// ---------------------------------------------------------------- desktops

interface Box {
  fw: number;
  h: number;
  dx: number;
  dy: number;
}

const BOXES: Record<'Tower' | 'Mini Tower' | 'Small Form Factor', Box> = {
  Tower: { fw: 142, h: 420, dx: 262, dy: -48 },
  'Mini Tower': { fw: 130, h: 356, dx: 240, dy: -42 },
  'Small Form Factor': { fw: 100, h: 286, dx: 250, dy: -42 },
};

function towerFront(p: Desktop, box: Box): string {
  const ch = chassisOf(p);
  const accent = accentOf(p);
  const hue = hash(p.name) % 360;
  const base = 520;
  const top = base - box.h;
  const x0 = 400 - (box.fw + box.dx) / 2;
  const sx = x0 + box.fw;
  let out = shadow(sx + box.dx * 0.2, base + 4, (box.fw + box.dx) * 0.65, 16);
  // top, side, front
  out += `<path d="M${n(x0)} ${top}H${n(sx)}l${box.dx} ${box.dy}H${n(x0 + box.dx)}z" fill="${ch.light}"/>`;
  out += `<path d="M${n(sx)} ${top}l${box.dx} ${box.dy}V${base + box.dy}L${n(sx)} ${base}z" fill="${ch.body}"/>`;
  out += `<rect x="${n(x0)}" y="${top}" width="${box.fw}" height="${box.h}" fill="url(#fr)"/>`;
  // side panel content, drawn flat and sheared onto the side
  const m = `matrix(1 ${n(box.dy / box.dx)} 0 1 ${n(sx)} ${top})`;
  let side = '';
  const W = box.dx;
  const H = box.h;
  if (hasDiscreteGpu(p)) {
    side += `<rect x="12" y="14" width="${W - 24}" height="${H - 28}" rx="6" fill="#0e1015"/>`;
    side += `<rect x="${n(W * 0.32)}" y="26" width="${n(W * 0.6)}" height="${n(H * 0.52)}" rx="3" fill="#1b1f28"/>`;
    side += `<circle cx="${n(W * 0.6)}" cy="${n(H * 0.2)}" r="${n(Math.min(26, W * 0.11))}" fill="#232833" stroke="${hsl(hue, 85, 60)}" stroke-width="4"/>`;
    side += `<rect x="${n(W * 0.8)}" y="${n(H * 0.1)}" width="5" height="${n(H * 0.2)}" fill="${hsl(hue + 60, 85, 62)}"/><rect x="${n(W * 0.8 + 9)}" y="${n(H * 0.1)}" width="5" height="${n(H * 0.2)}" fill="${hsl(hue + 60, 85, 62)}"/>`;
    side += `<rect x="${n(W * 0.2)}" y="${n(H * 0.5)}" width="${n(W * 0.72)}" height="30" rx="4" fill="#2b303b"/><rect x="${n(W * 0.24)}" y="${n(H * 0.5 + 24)}" width="${n(W * 0.5)}" height="3" fill="${accent}"/>`;
    side += `<rect x="18" y="${n(H * 0.78)}" width="${W - 36}" height="${n(H * 0.22 - 20)}" rx="2" fill="#171a20"/>`;
    const r = Math.min(24, W * 0.1);
    for (let i = 0; i < 3; i++) {
      side += `<circle cx="${n(r + 18)}" cy="${n(H * 0.14 + i * (r * 2 + 10))}" r="${n(r)}" fill="none" stroke="${hsl(hue + i * 50, 90, 62)}" stroke-width="4"/>`;
    }
    side += `<rect x="12" y="14" width="${W - 24}" height="${H - 28}" rx="6" fill="url(#gs)"/>`;
  } else {
    for (let i = 0; i < 6; i++) {
      side += `<rect x="${n(W * 0.62)}" y="${n(24 + i * 12)}" width="${n(W * 0.28)}" height="5" rx="2.5" fill="#000" opacity=".14"/>`;
    }
  }
  out += `<g transform="${m}">${side}</g>`;
  // front panel details
  const fcx = x0 + box.fw / 2;
  out += `<circle cx="${n(fcx)}" cy="${top + 26}" r="7" fill="none" stroke="${ch.dark ? '#9aa1ab' : '#5b6270'}" stroke-width="2"/>`;
  out += `<rect x="${n(fcx - 20)}" y="${top + 44}" width="14" height="6" rx="1" fill="#0b0c0e"/><rect x="${n(fcx - 2)}" y="${top + 44}" width="14" height="6" rx="1" fill="#0b0c0e"/><rect x="${n(fcx + 16)}" y="${top + 44}" width="8" height="5" rx="2.5" fill="#0b0c0e"/>`;
  if (isGaming(p)) {
    out += `<rect x="${n(x0 + 14)}" y="${top + 66}" width="${box.fw - 28}" height="${box.h - 110}" rx="4" fill="url(#mh)"/>`;
    out += `<rect x="${n(x0 + 5)}" y="${top + 66}" width="3" height="${box.h - 110}" fill="${accent}"/><rect x="${n(x0 + box.fw - 8)}" y="${top + 66}" width="3" height="${box.h - 110}" fill="${accent}"/>`;
  } else {
    for (let i = 0; i < 4; i++) {
      out += `<rect x="${n(x0 + 14)}" y="${n(base - 60 - i * 14)}" width="${box.fw - 28}" height="4" rx="2" fill="#000" opacity=".12"/>`;
    }
  }
  const mark = markOf(p);
  if (mark) {
    out += `<text x="${n(fcx)}" y="${n(top + box.h * 0.5)}" font-size="11" font-weight="700" letter-spacing="1.5" fill="${ch.dark ? '#e5e7eb' : accent}" text-anchor="middle">${esc(fit(mark, 11, box.fw - 16, true))}</text>`;
  }
  const defs =
    `<linearGradient id="fr" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${ch.light}"/><stop offset="1" stop-color="${ch.body}"/></linearGradient>` +
    `<linearGradient id="gs" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".16"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/></linearGradient>` +
    `<pattern id="mp" width="6" height="6" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="1.4" fill="#000" opacity=".45"/></pattern>` +
    `<linearGradient id="mh"><stop offset="0" stop-color="#000" stop-opacity=".25"/><stop offset="1" stop-color="#000" stop-opacity=".05"/></linearGradient>`;
  // mesh dots over the front panel vent
  if (isGaming(p)) out += `<rect x="${n(x0 + 14)}" y="${top + 66}" width="${box.fw - 28}" height="${box.h - 110}" rx="4" fill="url(#mp)"/>`;
  return doc(p, defs, out);
}

function towerRear(p: Desktop, box: Box): string {
  const ch = chassisOf(p);
  const accent = accentOf(p);
  const W = box.fw + 86;
  const H = box.h;
  const x0 = 260 - W / 2;
  const y0 = 300 - H / 2 + 6;
  let out = shadow(260, y0 + H + 6, W * 0.8, 14);
  out += `<rect x="${n(x0)}" y="${n(y0)}" width="${W}" height="${H}" rx="6" fill="${ch.body}" stroke="${ch.edge}" stroke-width="2"/>`;
  // I/O shield
  const io = { x: x0 + 14, y: y0 + 18, w: 56, h: Math.min(150, H * 0.42) };
  out += `<rect x="${n(io.x)}" y="${n(io.y)}" width="${io.w}" height="${n(io.h)}" rx="2" fill="#c8ccd2"/>`;
  const px = io.x + io.w / 2;
  let py = io.y + 14;
  for (let i = 0; i < 2; i++) {
    out += portIcon('usba', px, py, false).svg;
    py += 17;
  }
  out += portIcon('usbc', px, py, false).svg;
  const usbY = io.y + 22;
  py += 22;
  const rjY = py;
  out += portIcon('rj45', px, py, false).svg;
  py += 24;
  let videoY = py;
  if (!hasDiscreteGpu(p)) {
    out += portIcon('hdmi', px, py, false).svg;
    out += portIcon('dp', px, py + 17, false).svg;
    videoY = py + 8;
    py += 34;
  }
  ['#5cb85c', '#e86fa5', '#4aa3df'].forEach((c, i) => {
    if (py + 4 < io.y + io.h) out += `<circle cx="${n(px - 14 + i * 14)}" cy="${n(py)}" r="4" fill="${c}"/>`;
  });
  // exhaust fan
  const fr = Math.min(44, (W - io.w - 40) / 2);
  const fx = io.x + io.w + 14 + fr;
  const fy = io.y + fr + 4;
  out += `<circle cx="${n(fx)}" cy="${n(fy)}" r="${n(fr)}" fill="#000" opacity=".25"/>`;
  for (const k of [0.8, 0.55, 0.3])
    out += `<circle cx="${n(fx)}" cy="${n(fy)}" r="${n(fr * k)}" fill="none" stroke="${ch.light}" stroke-width="2"/>`;
  // expansion slots
  const slots = box.h > 400 ? 7 : box.h > 300 ? 4 : 2;
  const sy0 = io.y + io.h + 18;
  for (let i = 0; i < slots; i++) {
    out += `<rect x="${n(x0 + 16)}" y="${n(sy0 + i * 13)}" width="${W - 32}" height="8" rx="1" fill="${ch.edge}"/>`;
  }
  if (hasDiscreteGpu(p)) {
    const gy = sy0 + 13;
    out += `<rect x="${n(x0 + 14)}" y="${n(gy - 3)}" width="${W - 28}" height="24" rx="2" fill="#1f232b"/>`;
    const gx = x0 + 34;
    out += portIcon('hdmi', gx, gy + 9, true).svg;
    for (let i = 0; i < 3; i++) out += portIcon('dp', gx + 36 + i * 30, gy + 9, true).svg;
    videoY = gy + 9;
    out += `<rect x="${n(x0 + W - 24)}" y="${n(gy)}" width="4" height="18" fill="${accent}"/>`;
  }
  // power supply
  const psH = Math.min(70, H * 0.2);
  const psY = y0 + H - psH - 12;
  out += `<rect x="${n(x0 + 12)}" y="${n(psY)}" width="${W - 24}" height="${n(psH)}" rx="3" fill="#1e2126"/>`;
  const pr = psH * 0.36;
  out += `<circle cx="${n(x0 + W - 26 - pr)}" cy="${n(psY + psH / 2)}" r="${n(pr)}" fill="none" stroke="#59606b" stroke-width="2"/><circle cx="${n(x0 + W - 26 - pr)}" cy="${n(psY + psH / 2)}" r="${n(pr * 0.5)}" fill="none" stroke="#59606b" stroke-width="2"/>`;
  out += `<rect x="${n(x0 + 26)}" y="${n(psY + psH / 2 - 9)}" width="24" height="18" rx="2" fill="#0a0b0d" stroke="#59606b"/><rect x="${n(x0 + 56)}" y="${n(psY + psH / 2 - 6)}" width="8" height="12" rx="1" fill="${accent}"/>`;
  // callouts
  const tx = 490;
  const video = hasDiscreteGpu(p) ? 'HDMI + 3× DP on graphics card' : 'HDMI + DisplayPort';
  out += callout(io.x + io.w, usbY, tx, 150, 'USB-A + USB-C', accent);
  out += callout(io.x + io.w, rjY, tx, 215, 'Ethernet (RJ45)', accent);
  out += callout(hasDiscreteGpu(p) ? x0 + W - 14 : io.x + io.w, videoY, tx, 280, video, accent);
  out += callout(x0 + W - 12, psY + psH / 2, tx, 345, 'Power supply', accent);
  out += `<text x="${tx}" y="420" font-size="14" letter-spacing="2" fill="#6b7280">REAR I/O</text>`;
  return doc(p, '', out);
}

interface MiniBox {
  fw: number;
  h: number;
  dx: number;
  dy: number;
  rearH: number;
  ports: Port[];
}

function miniBoxOf(p: Desktop): MiniBox {
  if (/Mac Studio/.test(p.name)) {
    return {
      fw: 300,
      h: 140,
      dx: 170,
      dy: -90,
      rearH: 150,
      ports: [
        { kind: 'power', count: 1, label: 'Power' },
        { kind: 'usbc', count: 4, label: '4× Thunderbolt 5' },
        { kind: 'usba', count: 2, label: '2× USB-A' },
        { kind: 'rj45', count: 1, label: '10Gb Ethernet' },
        { kind: 'hdmi', count: 1, label: 'HDMI' },
        { kind: 'audio', count: 1, label: '3.5 mm' },
      ],
    };
  }
  if (/Mac mini/.test(p.name)) {
    return {
      fw: 300,
      h: 110,
      dx: 170,
      dy: -90,
      rearH: 120,
      ports: [
        { kind: 'power', count: 1, label: 'Power' },
        { kind: 'rj45', count: 1, label: 'Ethernet' },
        { kind: 'hdmi', count: 1, label: 'HDMI' },
        { kind: 'usbc', count: 3, label: '3× Thunderbolt 4' },
      ],
    };
  }
  if (/NUC/.test(p.name)) {
    return {
      fw: 240,
      h: 120,
      dx: 150,
      dy: -80,
      rearH: 130,
      ports: [
        { kind: 'power', count: 1, label: 'Power' },
        { kind: 'hdmi', count: 2, label: '2× HDMI 2.1' },
        { kind: 'rj45', count: 1, label: '2.5G Ethernet' },
        { kind: 'usbc', count: 1, label: 'Thunderbolt 4' },
        { kind: 'usba', count: 2, label: '2× USB-A' },
      ],
    };
  }
  return {
    fw: 330,
    h: 72,
    dx: 190,
    dy: -84,
    rearH: 96,
    ports: [
      { kind: 'power', count: 1, label: 'Power' },
      { kind: 'dp', count: 1, label: 'DisplayPort' },
      { kind: 'hdmi', count: 1, label: 'HDMI' },
      { kind: 'usba', count: 2, label: '2× USB-A' },
      { kind: 'rj45', count: 1, label: 'Ethernet' },
    ],
  };
}

function miniFront(p: Desktop): string {
  const ch = chassisOf(p);
  const accent = accentOf(p);
  const b = miniBoxOf(p);
  const base = 430;
  const x0 = 400 - (b.fw + b.dx) / 2;
  const top = base - b.h;
  const r = p.brand === 'Apple' ? 22 : 10;
  let out = shadow(400, base + 2, (b.fw + b.dx) * 0.62, 18);
  out += `<path d="M${n(x0)} ${top}H${n(x0 + b.fw)}l${b.dx} ${b.dy}H${n(x0 + b.dx)}z" fill="url(#tp)" stroke="url(#tp)" stroke-width="${r}" stroke-linejoin="round"/>`;
  out += `<path d="M${n(x0 + b.fw)} ${top}l${b.dx} ${b.dy}v${b.h}L${n(x0 + b.fw)} ${base}z" fill="${ch.body}" stroke="${ch.body}" stroke-width="${r}" stroke-linejoin="round"/>`;
  out += `<rect x="${n(x0 - r / 2)}" y="${n(top - r / 2)}" width="${n(b.fw + r)}" height="${n(b.h + r)}" rx="${r}" fill="url(#fr)"/>`;
  const mid = top + b.h / 2;
  if (p.brand === 'Apple') {
    out += portIcon('usbc', x0 + 40, mid + b.h * 0.2, false).svg + portIcon('usbc', x0 + 72, mid + b.h * 0.2, false).svg;
    out += portIcon('audio', x0 + 102, mid + b.h * 0.2, false).svg;
    if (/Studio/.test(p.name)) out += portIcon('sd', x0 + 140, mid + b.h * 0.2, false).svg;
    out += `<circle cx="${n(x0 + b.fw - 30)}" cy="${n(mid + b.h * 0.2)}" r="2.5" fill="#fff" opacity=".9"/>`;
  } else {
    out += portIcon('usba', x0 + 44, mid, true).svg + portIcon('usba', x0 + 80, mid, true).svg + portIcon('usbc', x0 + 114, mid, true).svg;
    out += portIcon('audio', x0 + 140, mid, true).svg;
    out += `<circle cx="${n(x0 + b.fw - 30)}" cy="${n(mid)}" r="9" fill="none" stroke="#9aa1ab" stroke-width="2"/>`;
    const mark = markOf(p);
    out += `<text x="${n(x0 + b.fw - 50)}" y="${n(mid + 4)}" font-size="11" font-weight="700" letter-spacing="1.2" fill="#e5e7eb" text-anchor="end">${esc(mark)}</text>`;
    if (/ThinkCentre/.test(p.name)) out += `<circle cx="${n(x0 + b.fw - 30)}" cy="${n(mid)}" r="2.5" fill="${accent}"/>`;
    // top vents
    const m = `matrix(1 0 ${n(b.dx / b.dy)} 1 ${n(x0)} ${top})`;
    let vents = '';
    for (let i = 0; i < 5; i++)
      vents += `<rect x="${n(b.fw * 0.25)}" y="${n(-12 - i * 13)}" width="${n(b.fw * 0.5)}" height="4" rx="2" fill="#000" opacity=".3"/>`;
    out += `<g transform="${m}">${vents}</g>`;
  }
  const defs =
    `<linearGradient id="tp" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="${ch.light}"/><stop offset="1" stop-color="${ch.body}"/></linearGradient>` +
    `<linearGradient id="fr" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ch.light}"/><stop offset="1" stop-color="${ch.edge}"/></linearGradient>`;
  return doc(p, defs, out);
}

function miniRear(p: Desktop): string {
  const ch = chassisOf(p);
  const b = miniBoxOf(p);
  const w = 560;
  const x0 = 400 - w / 2;
  const y0 = 250 - b.rearH / 2;
  const r = p.brand === 'Apple' ? 26 : 12;
  let out = shadow(400, y0 + b.rearH + 8, w * 0.6, 16);
  out += `<rect x="${x0}" y="${n(y0)}" width="${w}" height="${b.rearH}" rx="${r}" fill="url(#fr)"/>`;
  if (p.brand !== 'Apple') {
    for (let i = 0; i < 18; i++)
      out += `<rect x="${n(x0 + 40 + i * 27)}" y="${n(y0 + 12)}" width="14" height="${n(b.rearH * 0.22)}" rx="3" fill="#000" opacity=".28"/>`;
  }
  out += portRow(b.ports, 400, y0 + b.rearH * 0.64, ch.dark, y0 + b.rearH + 50);
  out += `<text x="400" y="${n(y0 - 30)}" font-size="14" letter-spacing="2" fill="#6b7280" text-anchor="middle">REAR PORTS</text>`;
  const defs = `<linearGradient id="fr" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ch.light}"/><stop offset="1" stop-color="${ch.edge}"/></linearGradient>`;
  return doc(p, defs, out);
}

function aioFront(p: Desktop): string {
  const hue = hash(p.name) % 360;
  const imac = p.brand === 'Apple';
  const accent = accentOf(p);
  const w = imac ? 470 : 520;
  const h = Math.round(w * 0.5625);
  const chin = imac ? 60 : 22;
  const x = 400 - w / 2;
  const y = 70;
  const sx = x + 10;
  const sy = y + 10;
  const sw = w - 20;
  const sh = h - 10;
  const tint = imac ? hsl(hue, 55, 72) : '#1c1e22';
  const wp = wallpaper(p, sx, sy, sw, sh);
  let out = shadow(400, y + h + chin + 118, 200, 12);
  // stand
  if (imac) {
    out += `<path d="M360 ${y + h + chin - 10}h80l16 ${118}h-112z" fill="${hsl(hue, 45, 66)}"/>`;
    out += `<rect x="326" y="${y + h + chin + 104}" width="148" height="12" rx="4" fill="${hsl(hue, 40, 58)}"/>`;
  } else {
    out += `<rect x="386" y="${y + h + chin - 10}" width="28" height="${112}" fill="#30333a"/>`;
    out += `<path d="M330 ${y + h + chin + 98}h140l18 18h-176z" fill="#3a3e46"/>`;
  }
  out += `<rect x="${x}" y="${y}" width="${w}" height="${h + chin}" rx="${imac ? 14 : 8}" fill="${tint}"/>`;
  out += `<rect x="${x}" y="${y}" width="${w}" height="${h + 2}" rx="${imac ? 14 : 8}" fill="#0e0f12"/>`;
  if (imac) out += `<rect x="${x}" y="${y + h - 12}" width="${w}" height="14" fill="${tint}"/>`;
  out += wp.body + osChrome(imac ? 'macOS' : 'Windows 11 Home', hue, sx, sy, sw, sh);
  if (!imac) {
    out += `<text x="400" y="${y + h + 16}" font-size="10" font-weight="700" letter-spacing="1.5" fill="#b8bdc5" text-anchor="middle">${esc(markOf(p))}</text>`;
    out += `<rect x="388" y="${y - 8}" width="24" height="10" rx="3" fill="#1c1e22"/><circle cx="400" cy="${y - 3}" r="2" fill="${accent}"/>`;
  }
  return doc(p, wp.defs, out);
}

function aioSide(p: Desktop): string {
  const hue = hash(p.name) % 360;
  const imac = p.brand === 'Apple';
  const accent = accentOf(p);
  const colour = imac ? hsl(hue, 45, 66) : '#2e3137';
  const standColour = imac ? hsl(hue, 40, 58) : '#3a3e46';
  let out = shadow(255, 494, 160, 12);
  // Side view, front facing left: the screen leans back slightly, the stand is a bent plate.
  out += `<path d="M186 488H292L270 300" fill="none" stroke="${standColour}" stroke-width="12" stroke-linejoin="round" stroke-linecap="round"/>`;
  if (!imac) out += `<path d="M256 250l34 4-10 150-36-2z" fill="#24272c"/>`;
  out += `<path d="M262 96l14 1-22 ${imac ? 346 : 340}-14-1z" fill="${colour}" stroke="${colour}" stroke-width="4" stroke-linejoin="round"/>`;
  if (!imac) out += `<path d="M262 96l14 1-22 340-14-1z" fill="none" stroke="#000" stroke-opacity=".25"/>`;
  const lines = imac
    ? ['11.5 mm thin', '2× Thunderbolt 4', '2× USB-C', 'Ethernet in power adapter']
    : /Lenovo/.test(p.name)
      ? ['USB-C + 3× USB-A', 'HDMI in and HDMI out', 'Gigabit Ethernet', '5 MP camera with shutter']
      : ['USB-C + 2× USB-A', 'HDMI out', 'Gigabit Ethernet', 'Pop-up 5 MP camera'];
  lines.forEach((line, i) => {
    const y = 190 + i * 62;
    out += `<rect x="420" y="${y - 15}" width="8" height="18" rx="2" fill="${accent}"/>`;
    out += `<text x="440" y="${y}" font-size="20" fill="#374151">${esc(fit(line, 20, 340))}</text>`;
  });
  out += `<text x="420" y="120" font-size="14" letter-spacing="2" fill="#6b7280">SIDE PROFILE AND PORTS</text>`;
  return doc(p, '', out);
}

// ---------------------------------------------------------------- monitors

function monitorGeometry(s: MonitorSpecs) {
  const [rw, rh] = s.resolution.split('x').map(Number) as [number, number];
  const ar = rw / rh;
  const ppi = 22;
  const w = Math.min(690, ((s.sizeIn * ar) / Math.sqrt(ar * ar + 1)) * ppi);
  const h = (s.sizeIn / Math.sqrt(ar * ar + 1)) * ppi;
  const curved = s.resolution === '3440x1440' || (s.panel === 'VA' && s.refreshRateHz >= 144);
  return { w, h, curved };
}

function screenPath(x: number, y: number, w: number, h: number, bow: number): string {
  const cx = x + w / 2;
  return bow
    ? `M${n(x)} ${n(y)}Q${n(cx)} ${n(y + 2 * bow)} ${n(x + w)} ${n(y)}V${n(y + h)}Q${n(cx)} ${n(y + h - 2 * bow)} ${n(x)} ${n(y + h)}z`
    : `M${n(x)} ${n(y)}h${n(w)}v${n(h)}h${n(-w)}z`;
}

function monitorStyle(p: Monitor) {
  const office = /UltraSharp|UltraFine|PD2706U|ProArt|ViewFinity/.test(p.name);
  return {
    gaming: isGaming(p),
    stand: office ? '#c3c8cf' : '#2c2f35',
    standLight: office ? '#dde1e6' : '#3b3f47',
    back: office ? '#e7e9ec' : '#25272c',
    backDark: !office,
  };
}

function monitorStand(p: Monitor, bottom: number, baseY: number, rear: boolean): string {
  const st = monitorStyle(p);
  const accent = accentOf(p);
  let out = `<rect x="380" y="${n(bottom - 70)}" width="40" height="${n(baseY - bottom + 72)}" rx="6" fill="${st.stand}"/>`;
  if (st.gaming) {
    out += `<path d="M392 ${baseY - 4}L232 ${baseY + 22}l10 8L400 ${baseY + 8}L558 ${baseY + 30}l10-8L408 ${baseY - 4}z" fill="${st.standLight}"/>`;
    out += `<path d="M240 ${baseY + 24}l4 3L400 ${baseY + 6}" fill="none" stroke="${accent}" stroke-width="2"/>`;
  } else {
    out += `<path d="M300 ${baseY}h200l24 20h-248z" fill="${st.standLight}"/><rect x="276" y="${baseY + 20}" width="248" height="8" rx="3" fill="${st.stand}"/>`;
  }
  if (rear) out += `<rect x="392" y="${n(bottom - 40)}" width="16" height="${n(baseY - bottom + 30)}" rx="4" fill="#000" opacity=".12"/>`;
  return out;
}

function monitorFront(p: Monitor): string {
  const s = p.specs;
  const g = monitorGeometry(s);
  const st = monitorStyle(p);
  const accent = accentOf(p);
  const bezel = 7;
  const chin = st.gaming ? 10 : 18;
  const baseY = 512;
  const bottom = 404;
  const x = 400 - g.w / 2;
  const y = bottom - g.h - chin;
  const bow = g.curved ? 10 : 0;
  const sx = x + bezel;
  const sy = y + bezel;
  const sw = g.w - bezel * 2;
  const sh = g.h - bezel;
  const wp = wallpaper(p, sx, sy, sw, sh, screenPath(sx, sy, sw, sh, bow));
  let out = shadow(400, baseY + 30, 250, 14);
  out += monitorStand(p, bottom, baseY, false);
  out += `<path d="${screenPath(x, y, g.w, g.h + chin, bow)}" fill="#121317"/>`;
  out += wp.body;
  out += `<path d="M${n(sx)} ${n(sy)}h${n(sw * 0.4)}l${n(-sw * 0.22)} ${n(sh)}h${n(-sw * 0.18)}z" fill="#fff" opacity=".05"/>`;
  const mark = markOf(p);
  if (st.gaming) {
    out += `<rect x="392" y="${n(bottom - 7)}" width="16" height="3" rx="1.5" fill="${accent}"/>`;
  } else {
    out += `<text x="400" y="${n(bottom - 5)}" font-size="9" font-weight="700" letter-spacing="1.5" fill="#9aa0a8" text-anchor="middle">${esc(mark)}</text>`;
  }
  return doc(p, wp.defs, out);
}

function monitorRear(p: Monitor): string {
  const s = p.specs;
  const g = monitorGeometry(s);
  const st = monitorStyle(p);
  const accent = accentOf(p);
  const baseY = 476;
  const bottom = 384;
  const x = 400 - g.w / 2;
  const y = Math.max(30, bottom - g.h - 14);
  const h = bottom - y;
  const bow = g.curved ? -10 : 0;
  let out = shadow(400, baseY + 30, 250, 14);
  out += `<path d="${screenPath(x, y, g.w, h, bow)}" fill="url(#bk)"/>`;
  // rear bulge housing the electronics
  const bw = Math.min(g.w * 0.6, 320);
  out += `<rect x="${n(400 - bw / 2)}" y="${n(y + h * 0.18)}" width="${n(bw)}" height="${n(h * 0.72)}" rx="26" fill="#000" opacity=".08"/>`;
  for (let i = 0; i < 5; i++) {
    out += `<rect x="${n(400 - bw / 2 + 24)}" y="${n(y + h * 0.24 + i * 9)}" width="${n(bw - 48)}" height="3" rx="1.5" fill="#000" opacity=".15"/>`;
  }
  if (st.gaming) {
    out += `<circle cx="400" cy="${n(y + h * 0.56)}" r="${n(Math.min(56, h * 0.28))}" fill="none" stroke="${accent}" stroke-width="5" opacity=".9"/>`;
  }
  out += monitorStand(p, bottom, baseY, true);
  out += `<rect x="372" y="${n(y + h * 0.56 - 30)}" width="56" height="60" rx="8" fill="${st.stand}"/>`;
  // port bay along the bottom edge
  const kinds: Port['kind'][] = [];
  for (const port of s.ports) {
    const count = Number(/×(\d+)/.exec(port)?.[1] ?? 1);
    const kind: Port['kind'] = /HDMI/.test(port)
      ? 'hdmi'
      : /Mini DisplayPort|DisplayPort/.test(port)
        ? 'dp'
        : /USB-C|Thunderbolt/.test(port)
          ? 'usbc'
          : /USB/.test(port)
            ? 'usba'
            : /VGA/.test(port)
              ? 'rj45'
              : 'audio';
    for (let i = 0; i < Math.min(count, 4); i++) kinds.push(kind);
  }
  const shown = kinds.slice(0, 10);
  const widths = shown.map((k) => portIcon(k, 0, 0, true).w + 8);
  const total = widths.reduce((a, b) => a + b, 0);
  const bayY = bottom - 26;
  out += `<rect x="${n(400 - total / 2 - 12)}" y="${n(bayY - 14)}" width="${n(total + 24)}" height="28" rx="6" fill="#0e0f12" opacity=".85"/>`;
  let px = 400 - total / 2;
  shown.forEach((k, i) => {
    out += portIcon(k, px + widths[i]! / 2, bayY, true).svg;
    px += widths[i]!;
  });
  // port list
  const lines = wrapItems(s.ports, ' · ', 18, 700).slice(0, 2);
  lines.forEach((line, i) => {
    out += `<text x="400" y="${548 + i * 26}" font-size="18" fill="#374151" text-anchor="middle">${esc(line)}</text>`;
  });
  const defs = `<linearGradient id="bk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${st.back}"/><stop offset="1" stop-color="${st.backDark ? '#1a1b1f' : '#cfd3d9'}"/></linearGradient>`;
  return doc(p, defs, out);
}

// ---------------------------------------------------------------- spec card

function specCard(p: DemoProduct): string {
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

// ---------------------------------------------------------------- main

function views(p: DemoProduct): [string, string, string] {
  if (p.category === 'Laptop') return [laptopFront(p), laptopSide(p), specCard(p)];
  if (p.category === 'Monitor') return [monitorFront(p), monitorRear(p), specCard(p)];
  const ff = p.specs.formFactor;
  if (ff === 'All-in-One') return [aioFront(p), aioSide(p), specCard(p)];
  if (ff === 'Mini PC') return [miniFront(p), miniRear(p), specCard(p)];
  const box = BOXES[ff];
  return [towerFront(p, box), towerRear(p, box), specCard(p)];
}

function main(): void {
  mkdirSync(OUT_DIR, { recursive: true });
  for (const file of readdirSync(OUT_DIR)) {
    if (file.endsWith('.svg')) rmSync(path.join(OUT_DIR, file));
  }
  let count = 0;
  let largest = 0;
  for (const product of DEMO_PRODUCTS) {
    const svgs = views(product);
    product.images.forEach((image, i) => {
      const svg = svgs[i];
      if (!svg) throw new Error(`No view ${i + 1} for ${product.name}`);
      const file = path.join(OUT_DIR, path.basename(image));
      writeFileSync(file, `${svg}\n`);
      largest = Math.max(largest, Buffer.byteLength(svg));
      count++;
    });
  }
  console.log(`Wrote ${count} SVGs to ${path.relative(process.cwd(), OUT_DIR)} (largest ${largest} bytes)`);
}

main();
