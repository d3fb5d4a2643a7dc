import { storedList } from '#web/lib/stored-list.ts';
import {
  addToComparison,
  type CompareItem,
  type CompareOutcome,
  parseSavedComparison,
  removeFromComparison,
  replaceComparison,
} from './compare-rules.ts';

/** The products chosen for comparison, kept in this browser (see compare-rules.ts for what fits). */
const store = storedList('cb.compare', parseSavedComparison);

export const comparison = {
  add(item: CompareItem): CompareOutcome {
    const outcome = addToComparison(store.read(), item);
    if (outcome.kind === 'added') store.write(outcome.items);
    return outcome;
  },
  replace: (item: CompareItem) => store.write(replaceComparison(item)),
  remove: (id: number) => store.update((items) => removeFromComparison(items, id)),
  clear: () => store.write([]),
};

/** The products chosen for comparison, followed across tabs; none on the server and while hydrating. */
export const useComparison = (): CompareItem[] => store.use();
