import { Link, type To } from 'react-router';
import { buttonClass } from './button-styles.ts';

/** "Showing 1–20 of 57 products", announced politely as the list changes. */
export function ResultSummary(props: {
  id: string;
  total: number | undefined;
  shown: number;
  first: number;
  last: number;
  noun: [singular: string, plural: string];
}) {
  const { id, total, shown, first, last, noun } = props;
  const text =
    total === undefined
      ? ''
      : total === 0
        ? `No ${noun[1]} found`
        : shown === 0
          ? ''
          : `Showing ${first}–${last} of ${total} ${total === 1 ? noun[0] : noun[1]}`;
  return (
    <p id={id} className="mt-4 text-sm text-slate-700" aria-live="polite">
      {text}
    </p>
  );
}

/** A list that could not be loaded, with a way to try again. */
export function LoadError({ what, message, onRetry }: { what: string; message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
      <p className="font-semibold">We could not load {what}.</p>
      <p className="mt-1 text-sm wrap-break-word">{message}</p>
      <button type="button" className={`${buttonClass('secondary')} mt-3`} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** A page number beyond the results (an old link, say), with a link to the last page. */
export function PastLastPage({ total, pageCount, noun, lastPage }: { total: number; pageCount: number; noun: string; lastPage: To }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center sm:p-8">
      <h2 className="text-lg font-semibold text-slate-900">This page is past the last page</h2>
      <p className="mt-1 text-slate-600">
        There are {total} matching {noun} on {pageCount} {pageCount === 1 ? 'page' : 'pages'}.
      </p>
      <Link to={lastPage} className={`${buttonClass('primary')} mt-4`}>
        Go to the last page
      </Link>
    </div>
  );
}
