/** "+91" beside a 10-digit mobile number field. */
export function MobilePrefix() {
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center rounded-l-lg border border-r-0 border-slate-300 bg-slate-50 px-3 text-base text-slate-600"
    >
      +91
    </span>
  );
}
