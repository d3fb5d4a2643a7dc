import type { ReactNode } from 'react';

type ScrollRegionProps = { className?: string; children: ReactNode } & (
  { labelledBy: string; label?: never } | { label: string; labelledBy?: never }
);

/**
 * A box that scrolls sideways on narrow screens (a wide table at 360 px), as a named region in
 * the tab order: a keyboard user reaches it and scrolls it with the arrow keys, and a screen
 * reader says what it holds.
 */
export function ScrollRegion({ labelledBy, label, className = '', children }: ScrollRegionProps) {
  return (
    <div
      role="region"
      aria-labelledby={labelledBy}
      aria-label={label}
      tabIndex={0}
      className={`relative overflow-x-auto focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none ${className}`}
    >
      {children}
    </div>
  );
}
