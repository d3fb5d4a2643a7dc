import { type ImportReport } from '#shared/schemas/vendor.ts';
import { columnsOf, type DataColumn, DataTable } from '#web/components/data-table/data-table.tsx';

/** The check's counts: rows that create, update, or stop at an error. */
export function ReportSummary({ report }: { report: ImportReport }) {
  const creates = report.rows.filter((row) => row.action === 'create').length;
  const updates = report.rows.filter((row) => row.action === 'update').length;
  return (
    <p className="mt-2 text-slate-700">
      {report.rows.length === 0
        ? 'The file has no product rows.'
        : `${report.valid} of ${report.rows.length} ${report.rows.length === 1 ? 'row is' : 'rows are'} ready: ${creates} new ${creates === 1 ? 'product' : 'products'}, ${updates} ${updates === 1 ? 'update' : 'updates'}.`}
      {report.invalid > 0 && (
        <strong className="font-semibold text-red-800">
          {' '}
          {report.invalid} {report.invalid === 1 ? 'row has' : 'rows have'} errors.
        </strong>
      )}
    </p>
  );
}

const ACTION_LABELS = { create: 'New product', update: 'Updates your product', error: 'Error' } as const;
type ReportRow = ImportReport['rows'][number];
const reportRow = columnsOf<ReportRow>();
const REPORT_COLUMNS: DataColumn<ReportRow>[] = [
  reportRow.accessor('line', { header: 'Line', meta: { rowHeader: true, cellClassName: 'font-medium text-slate-900' } }),
  reportRow.accessor('sku', {
    header: 'SKU',
    meta: { cellClassName: 'font-mono text-xs break-all text-slate-700' },
    cell: ({ getValue }) => getValue() ?? '—',
  }),
  reportRow.accessor('name', {
    header: 'Name',
    meta: { cellClassName: 'wrap-break-word text-slate-900' },
    cell: ({ getValue }) => getValue() ?? '—',
  }),
  reportRow.display({ id: 'result', header: 'Result', cell: ({ row: { original } }) => <RowResult row={original} /> }),
];

/** A row's outcome: what the import does with it, or every error that stops it. */
function RowResult({ row }: { row: ReportRow }) {
  if (row.action !== 'error') {
    return (
      <span className={row.action === 'create' ? 'font-medium text-emerald-800' : 'font-medium text-brand-700'}>
        {ACTION_LABELS[row.action]}
      </span>
    );
  }
  return (
    <>
      <span className="font-semibold text-red-800">{row.errors.length === 1 ? 'Error' : `${row.errors.length} errors`}</span>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-red-800">
        {row.errors.map((message, index) => (
          <li key={`${index}-${message}`} className="wrap-break-word">
            {message}
          </li>
        ))}
      </ul>
    </>
  );
}

/** One line per CSV row. */
export function ReportTable({ report, caption }: { report: ImportReport; caption: string }) {
  if (report.rows.length === 0) return null;
  return (
    <div className="mt-4">
      <DataTable label={caption} columns={REPORT_COLUMNS} rows={report.rows} rowId={(row) => String(row.line)} />
    </div>
  );
}
