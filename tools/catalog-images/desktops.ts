/** Desktops: towers and small form factors front and rear, mini PCs, and all-in-ones front and side. */
import {
  esc,
  hash,
  n,
  hsl,
  fit,
  accentOf,
  markOf,
  isGaming,
  hasDiscreteGpu,
  chassisOf,
  doc,
  shadow,
  wallpaper,
  osChrome,
  portIcon,
  portRow,
  callout,
} from './draw-kit.ts';
import type { Desktop, Port } from './draw-kit.ts';

interface Box {
  fw: number;
  h: number;
  dx: number;
  dy: number;
}

export const BOXES: Record<'Tower' | 'Mini Tower' | 'Small Form Factor', Box> = {
  Tower: { fw: 142, h: 420, dx: 262, dy: -48 },
  'Mini Tower': { fw: 130, h: 356, dx: 240, dy: -42 },
  'Small Form Factor': { fw: 100, h: 286, dx: 250, dy: -42 },
};

export function towerFront(p: Desktop, box: Box): string {
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

export function towerRear(p: Desktop, box: Box): string {
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

export function miniFront(p: Desktop): string {
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

export function miniRear(p: Desktop): string {
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

export function aioFront(p: Desktop): string {
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

export function aioSide(p: Desktop): string {
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
