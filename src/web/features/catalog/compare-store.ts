import { useMemo } from 'react';
import { localValue } from '#web/lib/local-value.ts';
import { addToComparison, type CompareItem, type CompareOutcome, parseSavedComparison, removeFromComparison, replaceComparison } from './compare-rules.ts';

/** The products chosen for comparison, kept in this browser (see compare-rules.ts for what fits). */
const store = localValue('cb.compare');

const save = (items: CompareItem[]) => store.set(items.length > 0 ? JSON.stringify(items) : null);
const current = () => parseSavedComparison(store.read());

export const comparison = {
  add(item: CompareItem): CompareOutcome {
    const outcome = addToComparison(current(), item);
    if (outcome.kind === 'added') save(outcome.items);
    return outcome;
  },
  replace: (item: CompareItem) => save(replaceComparison(item)),
  remove: (id: number) => save(removeFromComparison(current(), id)),
  clear: () => save([]),
};

/** The products chosen for comparison, followed across tabs; none on the server and while hydrating. */
export function useComparison(): CompareItem[] {
  const raw = store.use();
  return useMemo(() => parseSavedComparison(raw), [raw]);
}
