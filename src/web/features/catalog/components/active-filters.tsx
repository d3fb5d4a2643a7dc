import { useEffect, useRef } from 'react';
import type { FilterChip } from '../listing-filters.ts';

interface ActiveFiltersProps {
  chips: FilterChip[];
  onRemove: (chip: FilterChip) => void;
  onClear: () => void;
  /** where focus goes once no chip is left (the results' summary) */
  focusWhenEmpty?: () => void;
}

/**
 * The chosen filters above the results, each a button that removes just it, and "Clear all".
 * A removed chip hands focus to the chip that takes its place (or the one before it), so a
 * keyboard user can go on removing without starting over from the top.
 */
export function ActiveFilters({ chips, onRemove, onClear, focusWhenEmpty }: ActiveFiltersProps) {
  const list = useRef<HTMLUListElement>(null);
  const focusAt = useRef<number | null>(null);

  useEffect(() => {
    const at = focusAt.current;
    if (at === null) return;
    focusAt.current = null;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button[data-chip]');
    if (buttons && buttons.length > 0) (buttons[Math.min(at, buttons.length - 1)] as HTMLButtonElement).focus();
    else focusWhenEmpty?.();
  }, [chips, focusWhenEmpty]);

  if (chips.length === 0) return null;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2">
      <ul ref={list} aria-label="Chosen filters" className="flex flex-wrap gap-2">
        {chips.map((chip, index) => (
          <li key={chip.id}>
            <button
              type="button"
              data-chip=""
              aria-label={`Remove filter: ${chip.label}`}
              onClick={() => {
                focusAt.current = index;
                onRemove(chip);
              }}
              className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 py-1 pr-2 pl-3 text-sm font-medium text-brand-900 hover:border-brand-400 hover:bg-brand-100"
            >
              <span className="truncate">{chip.label}</span>
              <svg
                aria-hidden="true"
                viewBox="0 0 16 16"
                className="size-3.5 shrink-0"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                <path d="M4 4l8 8M12 4l-8 8" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onClear}
        className="px-1 py-1 text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
      >
        Clear all
      </button>
    </div>
  );
}
