import { Link } from 'react-router';

interface PaginationProps {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}

/** Page numbers around the current one, with previous/next; plain links so each page has a URL. */
export function Pagination({ page, pageCount, hrefFor }: PaginationProps) {
  if (pageCount <= 1) return null;
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const item = 'inline-flex min-w-10 items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium';
  return (
    <nav aria-label="Pagination" className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1.5">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className={`${item} border-slate-300 bg-white hover:bg-slate-50`} rel="prev">
              Previous
            </Link>
          ) : (
            <span className={`${item} border-slate-200 text-slate-400`} aria-disabled="true">
              Previous
            </span>
          )}
        </li>
        {sorted.map((p, index) => (
          <li key={p} className="flex items-center gap-1.5">
            {index > 0 && p - sorted[index - 1]! > 1 && (
              <span aria-hidden="true" className="px-1 text-slate-400">
                …
              </span>
            )}
            <Link
              to={hrefFor(p)}
              aria-current={p === page ? 'page' : undefined}
              aria-label={`Page ${p}`}
              className={`${item} ${p === page ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white hover:bg-slate-50'}`}
            >
              {p}
            </Link>
          </li>
        ))}
        <li>
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} className={`${item} border-slate-300 bg-white hover:bg-slate-50`} rel="next">
              Next
            </Link>
          ) : (
            <span className={`${item} border-slate-200 text-slate-400`} aria-disabled="true">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
