/** Monitors: the screen (flat or curved) on its stand, and the rear with its ports. */
import type { MonitorSpecs } from '../../src/shared/schemas/catalog.ts';
import { esc, n, wrapItems, accentOf, markOf, isGaming, doc, shadow, wallpaper, portIcon } from './draw-kit.ts';
import type { Monitor, Port } from './draw-kit.ts';

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

export function monitorFront(p: Monitor): string {
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

export function monitorRear(p: Monitor): string {
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
