import type { ReactNode } from 'react';

/** The payment form's text input style. */
export const inputClass = 'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-600';

/** A labelled field of the payment form, its hint above and its error below (ids `${id}-${name}` and `-error`). */
export function Field({
  id,
  name,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={`${id}-${name}`} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {hint && <p className="text-xs text-slate-600">{hint}</p>}
      <div className="mt-1">{children}</div>
      {error && (
        <p id={`${id}-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The control's invalid state and its error's id, while it has one. */
export const fieldAria = (id: string, name: string, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-${name}-error` : undefined,
});
