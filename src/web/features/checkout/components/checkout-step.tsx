import { type ReactNode, useEffect, useId, useRef } from 'react';

/** A step of the checkout: its number (a tick once done), title and a way back to change it; its content while open, a summary once done. */
export function CheckoutStep({
  n,
  title,
  active,
  done,
  summary,
  onEdit,
  children,
}: {
  n: number;
  title: string;
  active: boolean;
  done: boolean;
  summary?: ReactNode;
  onEdit?: () => void;
  children: ReactNode;
}) {
  const id = useId();
  // A step opened after the page's first (the shopper went on, or back to change one) takes the
  // keyboard focus on its heading: the button that opened it is gone, and a screen reader says
  // where the shopper now is.
  const heading = useRef<HTMLHeadingElement>(null);
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) heading.current?.focus();
    wasActive.current = active;
  }, [active]);
  return (
    <section
      aria-labelledby={id}
      className={`rounded-xl border bg-white p-4 sm:p-5 ${active ? 'border-brand-300 shadow-sm' : 'border-slate-200'}`}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} ref={heading} tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold text-slate-900 focus:outline-none">
          <span
            aria-hidden="true"
            className={`inline-flex size-7 items-center justify-center rounded-full text-sm ${done ? 'bg-emerald-600 text-white' : active ? 'bg-brand-600 text-white' : 'bg-slate-200 text-slate-700'}`}
          >
            {done ? '✓' : n}
          </span>
          {title}
        </h2>
        {done && onEdit && (
          <button type="button" onClick={onEdit} className="text-sm font-semibold text-brand-700 hover:underline">
            Change<span className="sr-only"> {title.toLowerCase()}</span>
          </button>
        )}
      </div>
      {done && !active && summary && <div className="mt-2 text-sm text-slate-700">{summary}</div>}
      {active && <div className="mt-4">{children}</div>}
    </section>
  );
}
