import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { controlClassName, labelClassName } from '#web/components/ui/field.tsx';
import { searchOf, withParam } from '#web/lib/url-params.ts';

/** One filter of a list, bound to the URL parameter `param`. */
export type Filter =
  | {
      kind: 'text';
      param: string;
      label: string;
      type?: 'search' | 'text' | 'date';
      placeholder?: string;
      maxLength?: number;
      inputMode?: 'decimal' | 'text';
      /** the value as the URL keeps it (a store address in lower case, an amount written out) */
      normalize?: (value: string) => string;
      /** what is wrong with the value, if anything, in words the admin can act on */
      check?: (value: string) => string | undefined;
    }
  | { kind: 'select'; param: string; label: string; options: ReadonlyArray<{ value: string; label: string }>; anyLabel: string }
  | { kind: 'checkbox'; param: string; label: string };

type TextFilter = Extract<Filter, { kind: 'text' }>;

interface FilterBarProps {
  filters: readonly Filter[];
  /** the list's URL parameters: the filters read theirs, and a change keeps the others (but the page) */
  params: URLSearchParams;
  onChange: (next: URLSearchParams) => void;
  /** the search form's name and its button's words (several text filters: "Apply filters") */
  searchLabel?: string;
  submitLabel?: string;
  /** a check across the text filters once each is good (a range's ends in order): what is wrong, and with which */
  checkAll?: (values: Readonly<Record<string, string>>) => { message: string; params: readonly string[] } | undefined;
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
 * A list's filters, each held in the URL: text boxes sent together with their button (or Enter)
 * and checked first, choices that apply as they change, and "Clear filters" once any is set. Any
 * change goes back to page 1.
 */
export function FilterBar({ filters, params, onChange, searchLabel, submitLabel = 'Search', checkAll }: FilterBarProps) {
  const id = useId();
  const texts = filters.filter((filter): filter is TextFilter => filter.kind === 'text');
  const choices = filters.filter((filter) => filter.kind !== 'text');
  const [problems, setProblems] = useState<{ fields: Record<string, string>; form?: { message: string; params: readonly string[] } }>({
    fields: {},
  });
  const fieldId = (filter: Filter) => `${id}-${filter.param}`;
  // The form is made afresh when the URL's values change (another link, Clear filters).
  const formKey = texts.map((filter) => params.get(filter.param) ?? '').join('|');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values: Record<string, string> = {};
    const fields: Record<string, string> = {};
    for (const filter of texts) {
      const raw = String(form.get(filter.param) ?? '').trim();
      const value = raw === '' || !filter.normalize ? raw : filter.normalize(raw);
      values[filter.param] = value;
      const problem = value === '' ? undefined : filter.check?.(value);
      if (problem) fields[filter.param] = problem;
    }
    const first = texts.find((filter) => fields[filter.param]);
    const formProblem = first ? undefined : checkAll?.(values);
    setProblems({ fields, form: formProblem });
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    if (formProblem) return;
    onChange(texts.reduce((next, filter) => withParam(next, filter.param, values[filter.param]), params));
  };

  const single = texts.length === 1;
  const submit = (
    <button type="submit" className={`${buttonClass(single ? 'secondary' : 'primary')} ${single ? '' : 'w-full sm:w-auto'}`}>
      {submitLabel}
    </button>
  );

  return (
    <section aria-label="Filters" className="mt-6 rounded-xl border border-slate-200 bg-white p-4">
      {texts.length > 0 && (
        <form key={formKey} role="search" aria-label={searchLabel} noValidate onSubmit={onSubmit} className="min-w-0">
          <div className={single ? '' : 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4'}>
            {texts.map((filter, at) => {
              const problem = problems.fields[filter.param];
              const inForm = problems.form?.params.includes(filter.param) ?? false;
              const input = (
                <input
                  id={fieldId(filter)}
                  name={filter.param}
                  type={filter.type ?? 'search'}
                  defaultValue={params.get(filter.param) ?? ''}
                  maxLength={filter.maxLength ?? 100}
                  placeholder={filter.placeholder}
                  inputMode={filter.inputMode}
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  aria-invalid={problem || inForm ? true : undefined}
                  aria-describedby={problem ? `${fieldId(filter)}-error` : inForm ? `${id}-problem` : undefined}
                  className={controlClassName}
                />
              );
              // The first (a search over names) takes a whole row when there are several.
              return (
                <div
                  key={filter.param}
                  className={`min-w-0 ${!single && at === 0 && (filter.type ?? 'search') === 'search' ? 'sm:col-span-2' : ''}`}
                >
                  <label htmlFor={fieldId(filter)} className={labelClassName}>
                    {filter.label}
                  </label>
                  {single ? (
                    <div className="mt-1.5 flex gap-2">
                      {input}
                      {submit}
                    </div>
                  ) : (
                    <div className="mt-1.5">{input}</div>
                  )}
                  {problem && (
                    <p id={`${fieldId(filter)}-error`} role="alert" className="mt-1.5 text-sm font-medium wrap-break-word text-red-700">
                      {problem}
                    </p>
                  )}
                </div>
              );
            })}
          </div>
          {!single && (
            <div className="mt-4">
              {problems.form && (
                <ErrorAlert id={`${id}-problem`} className="mb-3">
                  {problems.form.message}
                </ErrorAlert>
              )}
              {submit}
            </div>
          )}
          {single && problems.form && (
            <ErrorAlert id={`${id}-problem`} className="mt-3">
              {problems.form.message}
            </ErrorAlert>
          )}
        </form>
      )}
      {choices.length > 0 && (
        <div className={`grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end ${texts.length > 0 ? 'mt-4' : ''}`}>
          {choices.map((filter) =>
            filter.kind === 'select' ? (
              <div key={filter.param} className="min-w-0">
                <label htmlFor={fieldId(filter)} className={labelClassName}>
                  {filter.label}
                </label>
                <select
                  id={fieldId(filter)}
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
                  id={fieldId(filter)}
                  type="checkbox"
                  checked={params.get(filter.param) === 'true'}
                  onChange={(event) => onChange(withParam(params, filter.param, event.target.checked ? 'true' : undefined))}
                  className="size-5 shrink-0 rounded border-slate-400 accent-brand-600"
                />
                <label htmlFor={fieldId(filter)} className="text-sm font-medium text-slate-900">
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
            onClick={() => setProblems({ fields: {} })}
            className="text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            Clear filters
          </Link>
        </p>
      )}
    </section>
  );
}
