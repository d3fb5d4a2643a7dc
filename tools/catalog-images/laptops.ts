/** Laptops: the open lid with its screen and keyboard, and the side with its ports. */
import type { LaptopSpecs } from '../../src/shared/schemas/catalog.ts';
import {
  esc,
  hash,
  n,
  accentOf,
  markOf,
  isGaming,
  hasDiscreteGpu,
  chassisOf,
  doc,
  shadow,
  wallpaper,
  osChrome,
  portRow,
} from './draw-kit.ts';
import type { Laptop, Port } from './draw-kit.ts';

export function laptopFront(p: Laptop): string {
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

export function laptopSide(p: Laptop): string {
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
