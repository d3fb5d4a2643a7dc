import { type FormEvent, useId } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { controlClassName, labelClassName } from '#web/components/ui/field.tsx';
import { searchOf, withParam } from '#web/lib/url-params.ts';

/** One filter of a list, bound to the URL parameter `param`. */
export type Filter =
  | { kind: 'search'; param: string; label: string; maxLength?: number }
  | { kind: 'select'; param: string; label: string; options: ReadonlyArray<{ value: string; label: string }>; anyLabel: string }
  | { kind: 'checkbox'; param: string; label: string };

interface FilterBarProps {
  filters: readonly Filter[];
  /** the list's URL parameters: the filters read theirs, and a change keeps the others (but the page) */
  params: URLSearchParams;
  onChange: (next: URLSearchParams) => void;
}

/** The parameters with every filter's taken out: what "Clear filters" links to. */
export function withoutFilters(params: URLSearchParams, filters: readonly Filter[]): URLSearchParams {
  return filters.reduce((next, filter) => withParam(next, filter.param, undefined), params);
}

/** Whether any of the filters is set in the URL. */
export function anyFilterSet(params: URLSearchParams, filters: readonly Filter[]): boolean {
  return filters.some((filter) => (params.get(filter.param) ?? '') !== '');
}

/**
 * A list's filters, each held in the URL: a search box (sent with its button or Enter), choices
 * that apply as they change, and "Clear filters" once any is set. Any change goes back to page 1.
 */
export function FilterBar({ filters, params, onChange }: FilterBarProps) {
  const id = useId();
  const search = filters.find((filter) => filter.kind === 'search');
  const choices = filters.filter((filter) => filter.kind !== 'search');

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!search) return;
    const q = String(new FormData(event.currentTarget).get(search.param) ?? '').trim();
    onChange(withParam(params, search.param, q));
  };

  return (
    <section aria-label="Filters" className="mt-6 rounded-xl border border-slate-200 bg-white p-4">
      {search && (
        <form role="search" onSubmit={onSearch} className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-${search.param}`} className={labelClassName}>
            {search.label}
          </label>
          <div className="flex gap-2">
            <input
              key={params.get(search.param) ?? ''}
              id={`${id}-${search.param}`}
              name={search.param}
              type="search"
              defaultValue={params.get(search.param) ?? ''}
              maxLength={search.maxLength ?? 100}
              autoComplete="off"
              className={controlClassName}
            />
            <button type="submit" className={buttonClass('secondary')}>
              Search
            </button>
          </div>
        </form>
      )}
      {choices.length > 0 && (
        <div className={`grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end ${search ? 'mt-4' : ''}`}>
          {choices.map((filter) =>
            filter.kind === 'select' ? (
              <div key={filter.param} className="min-w-0">
                <label htmlFor={`${id}-${filter.param}`} className={labelClassName}>
                  {filter.label}
                </label>
                <select
                  id={`${id}-${filter.param}`}
                  value={params.get(filter.param) ?? ''}
                  onChange={(event) => onChange(withParam(params, filter.param, event.target.value))}
                  className={`${controlClassName} mt-1.5`}
                >
                  <option value="">{filter.anyLabel}</option>
                  {filter.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </div>
            ) : filter.kind === 'checkbox' ? (
              <div key={filter.param} className="flex min-h-11 items-center gap-2">
                <input
                  id={`${id}-${filter.param}`}
                  type="checkbox"
                  checked={params.get(filter.param) === 'true'}
                  onChange={(event) => onChange(withParam(params, filter.param, event.target.checked ? 'true' : undefined))}
                  className="size-5 shrink-0 rounded border-slate-400 accent-brand-600"
                />
                <label htmlFor={`${id}-${filter.param}`} className="text-sm font-medium text-slate-900">
                  {filter.label}
                </label>
              </div>
            ) : null,
          )}
        </div>
      )}
      {anyFilterSet(params, filters) && (
        <p className="mt-3">
          <Link
            to={{ search: searchOf(withoutFilters(params, filters)) }}
            preventScrollReset
            className="text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            Clear filters
          </Link>
        </p>
      )}
    </section>
  );
}
