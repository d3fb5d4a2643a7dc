import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { searchOf, withParam } from '#web/lib/url-params.ts';
import { buttonClass } from './button-styles.ts';

interface PageNavProps {
  page: number;
  pageCount: number;
  /** the list's URL params, kept on every page link */
  params: URLSearchParams;
  /** the nav's accessible name, such as "Pages of users" */
  label: string;
  /** shown after "Page X of Y", such as the total */
  note?: ReactNode;
}

/** Previous / Next links that keep the other URL params, and "Page X of Y"; nothing for one page. */
export function PageNav({ page, pageCount, params, label, note }: PageNavProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <PageLink text="Previous" rel="prev" page={page > 1 ? Math.min(page - 1, pageCount) : undefined} params={params} />
      <p className="text-sm text-slate-700">
        Page {page} of {pageCount}
        {note}
      </p>
      <PageLink text="Next" rel="next" page={page < pageCount ? page + 1 : undefined} params={params} />
    </nav>
  );
}

function PageLink({ text, rel, page, params }: { text: string; rel: string; page: number | undefined; params: URLSearchParams }) {
  if (page === undefined) {
    return (
      <span aria-disabled="true" className={`${buttonClass('secondary', 'sm')} cursor-not-allowed opacity-50`}>
        {text}
      </span>
    );
  }
  return (
    <Link
      to={{ search: searchOf(withParam(params, 'page', page === 1 ? undefined : String(page))) }}
      rel={rel}
      className={buttonClass('secondary', 'sm')}
    >
      {text}
    </Link>
  );
}
