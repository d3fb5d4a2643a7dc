/**
 * The fallback while a page's code or data loads. `page`: it stands for the whole page, and is a screen
 * tall so the footer stays below the fold rather than showing and then jumping down (a layout shift).
 */
export function Loading({ label = 'Loading…', page = false }: { label?: string; page?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex ${page ? 'min-h-screen' : 'min-h-[40vh]'} items-center justify-center gap-3 text-slate-600`}
    >
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600" />
      <span>{label}</span>
    </div>
  );
}
