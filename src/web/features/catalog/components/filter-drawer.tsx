import { type ReactNode, useEffect, useId, useRef } from 'react';
import { buttonClass } from '#web/components/ui/button-styles.ts';

interface FilterDrawerProps {
  open: boolean;
  /** the dialog has closed (Close, Escape, "Show N results", or the window grew wide enough for the side panel) */
  onClosed: () => void;
  /** "Show 12 results" */
  showLabel: string;
  onClear?: () => void;
  children: ReactNode;
}

/** Wide enough for the side panel (Tailwind's lg): the drawer closes itself there. */
const SIDE_PANEL = '(min-width: 64rem)';

/**
 * The filters on a small screen: a native modal <dialog> (showModal moves focus into it, keeps it
 * there and makes the page behind inert; Escape closes it) sliding over the page from the right,
 * with Close at the top and "Show N results" at the bottom. Its content is drawn only while open.
 * No library: the listing pages' JavaScript budget stays as it was.
 */
export function FilterDrawer({ open, onClosed, showLabel, onClear, children }: FilterDrawerProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    if (!element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    // The page behind does not scroll under the drawer.
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    const wide = window.matchMedia?.(SIDE_PANEL);
    const onWide = () => {
      if (wide?.matches) element.close();
    };
    wide?.addEventListener('change', onWide);
    return () => {
      root.style.overflow = overflow;
      wide?.removeEventListener('change', onWide);
    };
  }, [open]);

  const close = () => {
    const element = dialog.current;
    if (element && typeof element.close === 'function' && element.open) element.close();
    else onClosed();
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClosed}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[min(24rem,100vw)] max-w-none border-0 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      {open && (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <h2 id={titleId} className="text-lg font-semibold">
              Filters
            </h2>
            <button type="button" onClick={close} className={buttonClass('ghost', 'sm')}>
              Close
            </button>
          </div>
          <div className="flex-1 overflow-y-auto overscroll-contain px-4">{children}</div>
          <div className="flex gap-3 border-t border-slate-200 px-4 py-3">
            {onClear && (
              <button type="button" onClick={onClear} className={buttonClass('secondary')}>
                Clear all
              </button>
            )}
            <button type="button" onClick={close} className={`${buttonClass('primary')} flex-1`}>
              {showLabel}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
