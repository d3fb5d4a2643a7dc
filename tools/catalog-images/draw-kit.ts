/** What every drawing of the demo catalogue shares: text fitting, per-product colours, wallpapers, ports and callouts. */
import type { DemoProduct } from '../../src/server/db/seed/demo-catalog.types.ts';

export type Laptop = Extract<DemoProduct, { category: 'Laptop' }>;
export type Desktop = Extract<DemoProduct, { category: 'Desktop' }>;
export type Monitor = Extract<DemoProduct, { category: 'Monitor' }>;

export const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif";

// ---------------------------------------------------------------- helpers

export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** FNV-1a: a stable 32-bit hash of the product name, so every product gets its own colours. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Short number for coordinates. */
export const n = (x: number): string => String(Math.round(x * 10) / 10);
export const hsl = (h: number, s: number, l: number): string => `hsl(${Math.round(((h % 360) + 360) % 360)},${s}%,${l}%)`;

/** Rough text width for a system sans-serif: good enough to wrap and truncate safely. */
export function textWidth(text: string, size: number, bold = false): number {
  let units = 0;
  for (const ch of text) {
    if (/[ .,:;'|!il1()\-·]/.test(ch)) units += 0.32;
    else if (/[A-Z0-9×]/.test(ch)) units += bold ? 0.7 : 0.66;
    else if (/[mwMW]/.test(ch)) units += 0.86;
    else units += bold ? 0.6 : 0.56;
  }
  return units * size;
}

export function fit(text: string, size: number, maxWidth: number, bold = false): string {
  if (textWidth(text, size, bold) <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && textWidth(`${cut}…`, size, bold) > maxWidth) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

export function wrap(text: string, size: number, maxWidth: number, bold: boolean): string[] {
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
export function wrapItems(items: string[], sep: string, size: number, maxWidth: number): string[] {
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
export function fitItems(items: string[], size: number, maxWidth: number): string {
  for (let k = items.length; k > 0; k--) {
    const text = items.slice(0, k).join(', ') + (k < items.length ? ` +${items.length - k} more` : '');
    if (textWidth(text, size) <= maxWidth) return text;
  }
  return fit(items[0] ?? '', size, maxWidth);
}

export const RESOLUTION_NAMES: Record<string, string> = {
  '1920x1080': 'Full HD',
  '2560x1080': 'Ultrawide Full HD (21:9)',
  '2560x1440': 'QHD',
  '3440x1440': 'Ultrawide QHD (21:9)',
  '3840x2160': '4K UHD',
  '5120x2880': '5K',
};

export const gb = (value: number): string => (value >= 1024 && value % 1024 === 0 ? `${value / 1024} TB` : `${value} GB`);

// ---------------------------------------------------------------- product look

export const BRAND_ACCENT: Record<string, string> = {
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

export function accentOf(p: DemoProduct): string {
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
export function markOf(p: DemoProduct): string {
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

export function graphicsOf(p: DemoProduct): string {
  return p.category === 'Monitor' ? '' : p.specs.graphics;
}

export function isGaming(p: DemoProduct): boolean {
  if (p.category === 'Monitor') return p.specs.refreshRateHz >= 144;
  return /RTX|Radeon RX|ROG|TUF|Legion|Nitro|Victus|Alienware|Predator|Katana|Gaming/.test(`${p.name} ${graphicsOf(p)}`);
}

export const hasDiscreteGpu = (p: DemoProduct): boolean => /RTX|Radeon RX/.test(graphicsOf(p));

export interface Chassis {
  body: string;
  light: string;
  edge: string;
  key: string;
  dark: boolean;
}

export function chassisOf(p: DemoProduct): Chassis {
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

export function doc(p: DemoProduct, defs: string, body: string): string {
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

export const shadow = (cx: number, cy: number, rx: number, ry: number): string =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="url(#sh)"/>`;

/** A colourful wallpaper clipped to `shape` (an SVG path d), varying per product. */
export function wallpaper(p: DemoProduct, x: number, y: number, w: number, h: number, shape?: string) {
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
export function osChrome(os: string, hue: number, x: number, y: number, w: number, h: number): string {
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

export interface Port {
  kind: 'usbc' | 'usba' | 'hdmi' | 'dp' | 'rj45' | 'audio' | 'magsafe' | 'sd' | 'power';
  count: number;
  label: string;
}

/** Port icons drawn on a dark or light surface, centred on (x, y). Returns the svg and the icon width. */
export function portIcon(kind: Port['kind'], x: number, y: number, dark: boolean): { svg: string; w: number } {
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
export function portRow(ports: Port[], cx: number, y: number, dark: boolean, labelY: number): string {
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
export function callout(fromX: number, fromY: number, tx: number, ty: number, label: string, accent: string): string {
  return (
    `<circle cx="${n(fromX)}" cy="${n(fromY)}" r="3.5" fill="${accent}"/>` +
    `<path d="M${n(fromX)} ${n(fromY)}L${n(tx - 30)} ${n(ty - 6)}H${n(tx - 8)}" fill="none" stroke="#9aa1ab" stroke-width="1.2"/>` +
    `<text x="${n(tx)}" y="${n(ty)}" font-size="17" fill="#374151">${esc(fit(label, 17, 790 - tx))}</text>`
  );
}
