import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The red box for errors that belong to no single field or row (the server refused, or we are
 * offline). It is announced as it appears (role="alert"). With `takeFocus` it also takes the focus
 * and is scrolled into view as it appears: for a form's answer, which on a phone shows above the
 * submit button the shopper has scrolled down to, out of sight.
 */
export function ErrorAlert({
  children,
  className = '',
  id,
  takeFocus = false,
}: {
  children: ReactNode;
  className?: string;
  id?: string;
  takeFocus?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!takeFocus || !ref.current) return;
    ref.current.focus({ preventScroll: true });
    ref.current.scrollIntoView({ block: 'center' });
  }, [takeFocus]);
  return (
    <div
      ref={ref}
      id={id}
      role="alert"
      tabIndex={takeFocus ? -1 : undefined}
      className={`scroll-mt-28 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium wrap-break-word text-red-800 focus:outline-none ${className}`}
    >
      {children}
    </div>
  );
}

const TONES = {
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  /** done, but not as hoped: a job that failed again, a refund the gateway still refuses */
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
} as const;
export type AnnouncerTone = keyof typeof TONES;

/** A polite live region that is always in the page, so what is put in it gets announced. */
export function Announcer({ message, tone = 'success', className = '' }: { message: string; tone?: AnnouncerTone; className?: string }) {
  return (
    <p
      role="status"
      aria-live="polite"
      className={message ? `rounded-lg border px-4 py-3 text-sm font-medium wrap-break-word ${TONES[tone]} ${className}` : 'sr-only'}
    >
      {message}
    </p>
  );
}
