/** How a form is laid out around its fields: titled sections, the submit button and the row of actions. */
import type { ReactNode } from 'react';
import { ErrorAlert } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { useTakenOver } from '#web/lib/hydration.ts';

/** A titled group of a long form's fields ("Business details"), in a box of its own. */
export function FormSection({
  legend,
  description,
  children,
  className = '',
}: {
  legend: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset className={`min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 ${className}`}>
      <legend className="float-left w-full text-lg font-semibold text-slate-900">{legend}</legend>
      {description ? <p className="clear-left pt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="clear-left pt-4">{children}</div>
    </fieldset>
  );
}

interface SubmitButtonProps {
  label: string;
  /** what the button says while the form is sent ("Saving…") */
  pendingLabel: string;
  pending: boolean;
  /** not to be pressed for a reason the page shows (a shop still awaiting approval) */
  disabled?: boolean;
  className?: string;
}

/**
 * A form's submit button, disabled while the form is sent, and on a page the server drew until
 * the page has come alive: pressed before then (a slow phone still loading the app), the browser
 * would send the form itself, the page would load again, and what was typed (a password in the
 * address bar, even) would go with it.
 */
export function SubmitButton({
  label,
  pendingLabel,
  pending,
  disabled = false,
  className = `${buttonClass('primary')} w-full sm:w-auto`,
}: SubmitButtonProps) {
  const alive = useTakenOver();
  return (
    <button type="submit" disabled={pending || disabled || !alive} className={className}>
      {pending ? pendingLabel : label}
    </button>
  );
}

interface FormActionsProps {
  submitLabel: string;
  /** what the submit button says while the form is sent ("Saving…") */
  pendingLabel: string;
  pending: boolean;
  /** the submit button is not to be pressed for a reason the page shows */
  disabled?: boolean;
  /** why the last submission failed (the server's message, or that we are offline), above the buttons */
  error?: string | null;
  onCancel?: () => void;
  /** shown beside the buttons: a polite status such as "Your changes have been saved." */
  children?: ReactNode;
}

/** A form's last row: why it was not saved, the submit button (disabled while sending) and Cancel. */
export function FormActions({ submitLabel, pendingLabel, pending, disabled, error, onCancel, children }: FormActionsProps) {
  return (
    <>
      {error ? <ErrorAlert className="mt-5">{error}</ErrorAlert> : null}
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
        <SubmitButton label={submitLabel} pendingLabel={pendingLabel} pending={pending} disabled={disabled} />
        {onCancel ? (
          <button type="button" onClick={onCancel} className={`${buttonClass('secondary')} w-full sm:w-auto`}>
            Cancel
          </button>
        ) : null}
        {children}
      </div>
    </>
  );
}
