import { CircleCheck, Download } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CSV_COLUMNS } from '#shared/schemas/vendor.ts';
import { ErrorAlert } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Field } from '#web/components/ui/field.tsx';
import { errorMessage, useImportVendorProducts } from '../api/vendor-products.ts';
import { vendorProductPaths } from '../paths.ts';
import { describeSpecColumn, PRODUCT_COLUMNS, SPEC_COLUMNS } from './csv-columns.ts';
import { ReportSummary, ReportTable } from './import-report.tsx';

/** Import many products from a CSV file: check every row first, then import the valid ones. */
export default function VendorProductImport() {
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  /** The text that was checked; the import sends exactly this. */
  const [checkedText, setCheckedText] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const check = useImportVendorProducts();
  const run = useImportVendorProducts();
  const inputRef = useRef<HTMLInputElement>(null);
  const reportHeading = useRef<HTMLHeadingElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  const report = check.data;
  const result = run.data;

  useEffect(() => {
    if (report) reportHeading.current?.focus();
  }, [report]);
  useEffect(() => {
    if (result) doneRef.current?.focus();
  }, [result]);

  const startOver = () => {
    setFile(null);
    setCheckedText(null);
    setFileError(null);
    check.reset();
    run.reset();
    if (inputRef.current) {
      inputRef.current.value = '';
      inputRef.current.focus();
    }
  };

  const onCheck = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    run.reset();
    if (!file) {
      setFileError('Please choose a CSV file');
      inputRef.current?.focus();
      return;
    }
    if (!/\.csv$/i.test(file.name) && file.type !== 'text/csv') {
      setFileError('Please choose a .csv file. In a spreadsheet, use File › Save as (or Download) › CSV.');
      inputRef.current?.focus();
      return;
    }
    setReading(true);
    let text: string;
    try {
      text = await file.text();
    } catch {
      setReading(false);
      setFileError('We could not read this file. Please choose it again.');
      return;
    }
    setReading(false);
    if (text.trim() === '') {
      setFileError('This file is empty');
      inputRef.current?.focus();
      return;
    }
    setFileError(null);
    setCheckedText(text);
    check.mutate({ csv: text, dryRun: true });
  };

  const onImport = () => {
    if (checkedText === null) return;
    run.mutate({ csv: checkedText, dryRun: false });
  };

  const checking = reading || check.isPending;
  const importing = run.isPending;
  const finished = run.isSuccess;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <title>Import products · Vendor dashboard</title>
      <p className="text-sm">
        <Link to={vendorProductPaths.list()} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
          Products
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">Import products from CSV</h1>
      <p className="mt-2 max-w-3xl text-slate-600">
        Add or update many products at once. We check every row first and show you what will happen; nothing changes until you choose to
        import.
      </p>

      <section aria-labelledby={`${ids}-prepare`} className="mt-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id={`${ids}-prepare`} className="text-lg font-semibold text-slate-900">
          1. Prepare your file
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          Start from the template: it has the header row with every column, in this order. One product per row, up to 1,000 rows per file;
          leave a column empty when it does not apply.
        </p>
        <a href={vendorProductPaths.importTemplate()} download="products-template.csv" className={`${buttonClass('secondary')} mt-3`}>
          <Download aria-hidden="true" className="size-4" />
          Download the template
        </a>

        <h3 className="mt-6 text-base font-semibold text-slate-900">Columns</h3>
        <p className="mt-1 text-sm wrap-break-word text-slate-600">
          {CSV_COLUMNS.map((column, index) => (
            <span key={column}>
              <code className="rounded bg-slate-100 px-1 py-0.5 text-xs text-slate-800">{column}</code>
              {index < CSV_COLUMNS.length - 1 ? ', ' : ''}
            </span>
          ))}
        </p>

        <h4 className="mt-5 text-sm font-semibold text-slate-900">Product columns</h4>
        <dl className="mt-2 divide-y divide-slate-100 text-sm">
          {Object.entries(PRODUCT_COLUMNS).map(([column, description]) => (
            <div key={column} className="grid gap-1 py-2 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
              <dt>
                <code className="font-semibold text-slate-900">{column}</code>
              </dt>
              <dd className="text-slate-600">{description}</dd>
            </div>
          ))}
        </dl>

        <h4 className="mt-5 text-sm font-semibold text-slate-900">Specification columns</h4>
        <p className="mt-1 text-sm text-slate-600">Fill in the ones for the row’s category; leave the others empty.</p>
        <dl className="mt-2 divide-y divide-slate-100 text-sm">
          {SPEC_COLUMNS.map((column) => {
            const spec = describeSpecColumn(column);
            return (
              <div key={column} className="grid gap-1 py-2 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
                <dt>
                  <code className="font-semibold text-slate-900">{column}</code>
                </dt>
                <dd className="text-slate-600">
                  {spec.label} ({spec.categories.join(', ')}). {spec.note}
                </dd>
              </div>
            );
          })}
        </dl>
      </section>

      <section aria-labelledby={`${ids}-check`} className="mt-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id={`${ids}-check`} className="text-lg font-semibold text-slate-900">
          2. Check your file
        </h2>
        <form noValidate onSubmit={(event) => void onCheck(event)} className="mt-3">
          <Field
            id={`${ids}-file`}
            label="CSV file"
            hint="A .csv file saved from a spreadsheet, with the template’s header row."
            error={fileError ?? undefined}
          >
            {(describedBy) => (
              <input
                ref={inputRef}
                id={`${ids}-file`}
                type="file"
                accept=".csv,text/csv"
                aria-invalid={fileError ? true : undefined}
                aria-describedby={describedBy}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setFileError(null);
                  setCheckedText(null);
                  check.reset();
                  run.reset();
                }}
                className="block w-full max-w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-800 hover:file:bg-slate-50"
              />
            )}
          </Field>
          <button type="submit" disabled={checking || importing} className={`${buttonClass('primary')} mt-4 w-full sm:w-auto`}>
            {checking ? 'Checking…' : 'Check file'}
          </button>
        </form>
        {check.isError && (
          <ErrorAlert className="mt-4">
            {errorMessage(check.error, 'We could not check the file. Please check your internet connection and try again.')}
          </ErrorAlert>
        )}
      </section>

      {report && (
        <section aria-labelledby={`${ids}-report`} className="mt-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <h2 id={`${ids}-report`} ref={reportHeading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-hidden">
            3. Review and import
          </h2>
          <ReportSummary report={report} />
          <ReportTable report={report} caption={`Check of ${file?.name ?? 'your file'}`} />

          {!finished && (
            <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
              <button
                type="button"
                disabled={report.valid === 0 || importing}
                onClick={onImport}
                className={`${buttonClass('primary')} w-full sm:w-auto`}
              >
                {importing ? 'Importing…' : `Import ${report.valid} valid ${report.valid === 1 ? 'row' : 'rows'}`}
              </button>
              <button type="button" disabled={importing} onClick={startOver} className={`${buttonClass('secondary')} w-full sm:w-auto`}>
                Choose another file
              </button>
            </div>
          )}
          {report.valid === 0 && (
            <p className="mt-3 text-sm text-slate-600">No row can be imported. Correct the errors in your file, then check it again.</p>
          )}
          {report.valid > 0 && report.invalid > 0 && !finished && (
            <p className="mt-3 text-sm text-slate-600">
              Rows with errors are skipped. You can also correct them and check the file again before importing.
            </p>
          )}

          {(importing || finished) && (
            <div className="mt-5">
              <p id={`${ids}-progress-label`} className="text-sm font-medium text-slate-900">
                {finished ? 'Import complete' : 'Importing products…'}
              </p>
              <div
                role="progressbar"
                aria-labelledby={`${ids}-progress-label`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={finished ? 100 : undefined}
                aria-valuetext={finished ? 'Complete' : 'In progress'}
                className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-slate-200"
              >
                <div className={`h-full rounded-full bg-brand-600 ${finished ? 'w-full' : 'w-full animate-pulse opacity-70'}`} />
              </div>
            </div>
          )}
          {run.isError && (
            <ErrorAlert className="mt-4">
              {errorMessage(run.error, 'The import did not finish. Please check your internet connection and try again.')}
            </ErrorAlert>
          )}

          <div ref={doneRef} tabIndex={-1} role="status" className="focus:outline-hidden">
            {result && (
              <div className="mt-5 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900">
                <p className="flex gap-2 font-semibold">
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
                  <span>
                    Created {result.created}, updated {result.updated}.
                  </span>
                </p>
                {result.invalid > 0 && (
                  <p className="mt-1 text-sm">
                    {result.invalid} {result.invalid === 1 ? 'row was' : 'rows were'} skipped because of errors.
                  </p>
                )}
              </div>
            )}
          </div>
          {result && (
            <>
              {result.invalid > 0 && (
                <ReportTable
                  report={{ ...result, rows: result.rows.filter((row) => row.action === 'error') }}
                  caption="Rows that were skipped"
                />
              )}
              <div className="mt-4 flex flex-col gap-3 sm:flex-row">
                <Link to={vendorProductPaths.list()} className={`${buttonClass('primary')} w-full sm:w-auto`}>
                  Go to your products
                </Link>
                <button type="button" onClick={startOver} className={`${buttonClass('secondary')} w-full sm:w-auto`}>
                  Import another file
                </button>
              </div>
            </>
          )}
        </section>
      )}
    </div>
  );
}
