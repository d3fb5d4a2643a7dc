import { Link } from 'react-router';
import { searchOf, withParam } from '#web/lib/url-params.ts';

export interface StatusTab<Value extends string> {
  /** undefined: the tab of everything (no status in the URL) */
  value: Value | undefined;
  label: string;
  /** left out while the counts load */
  count: number | undefined;
}

export interface StatusTabsProps<Value extends string> {
  /** the navigation's name, e.g. "Orders by status" */
  label: string;
  tabs: readonly StatusTab<Value>[];
  current: Value | undefined;
  params: URLSearchParams;
  /** the URL parameter the tabs set; `status` unless told */
  param?: string;
}

/**
 * A list's status tabs with their counts, as links that keep the rest of the list's URL (back to
 * page 1). They wrap onto a second line on a phone instead of scrolling out of sight. The count is
 * read as "To pack (1)": the brackets are for screen readers only.
 */
export function StatusTabs<Value extends string>({ label, tabs, current, params, param = 'status' }: StatusTabsProps<Value>) {
  return (
    <nav aria-label={label} className="mt-4">
      <ul className="flex flex-wrap gap-1.5">
        {tabs.map((tab) => {
          const here = tab.value === current;
          return (
            <li key={tab.value ?? ''}>
              <Link
                to={{ search: searchOf(withParam(params, param, tab.value)) }}
                aria-current={here ? 'page' : undefined}
                preventScrollReset
                className={`inline-flex min-h-10 items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-semibold ${
                  here
                    ? 'border-brand-600 bg-brand-50 text-brand-800'
                    : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:text-slate-900'
                }`}
              >
                {tab.label}
                {tab.count !== undefined && ' '}
                {tab.count !== undefined && (
                  <span
                    className={`rounded-full px-1.5 text-xs tabular-nums ${here ? 'bg-white text-brand-800' : 'bg-slate-100 text-slate-700'}`}
                  >
                    <span className="sr-only">(</span>
                    {tab.count}
                    <span className="sr-only">)</span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
