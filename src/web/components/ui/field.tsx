import type { ReactNode } from 'react';

export const controlBase =
  'block w-full min-w-0 border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 ' +
  'focus:border-brand-500 focus:ring-2 focus:ring-brand-500 focus:outline-hidden ' +
  'aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:ring-red-500 disabled:bg-slate-100';
export const controlClassName = `${controlBase} rounded-lg`;
export const labelClassName = 'block text-sm font-medium text-slate-900';

interface FieldProps {
  id: string;
  label: ReactNode;
  optional?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** says the error aloud as it appears (role="alert"): for a field a form checks itself, not through react-hook-form */
  announceError?: boolean;
  /** Renders the control, given the ids that should go in its aria-describedby (if any). */
  children: (describedBy: string | undefined) => ReactNode;
}

/** A visible label, an optional hint, the control and its error, tied together by ids. */
export function Field({ id, label, optional = false, hint, error, className = '', announceError = false, children }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className={labelClassName}>
        {label}
        {optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="mt-1.5">{children(describedBy)}</div>
      {error ? (
        <p id={errorId} role={announceError ? 'alert' : undefined} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
