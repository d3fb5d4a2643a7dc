import { type ReactNode, type Ref, useId } from 'react';

/** A card of the payment's page: its heading (focusable when given a ref) and its content. */
export function Section({
  title,
  className = '',
  headingRef,
  children,
}: {
  title: string;
  className?: string;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 ${className}`}>
      <h2 id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** A label and its value in a card's list. */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="-mt-2 min-w-0 wrap-break-word text-slate-900 sm:mt-0">{children}</dd>
    </>
  );
}
