import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '#shared/schemas/catalog.ts';
import { paths } from '#web/config/paths.ts';
import { useTakenOver } from '#web/lib/hydration.ts';
import { categoryNoun, COMPARE_MAX, type CompareItem, countOf } from '../compare-rules.ts';
import { comparison, useComparison } from '../compare-store.ts';

type Prompt = { kind: 'full' } | { kind: 'other-category'; comparing: CompareItem['category']; count: number };

/**
 * "Compare": puts the product in the comparison tray, or takes it out (a toggle, aria-pressed).
 * A product of another category asks whether to start again with it; a fifth product is refused
 * with the reason. What happened is announced.
 */
export function CompareToggle({
  product,
  size = 'sm',
}: {
  product: Pick<Product, 'id' | 'name' | 'category' | 'images'>;
  size?: 'sm' | 'md';
}) {
  const items = useComparison();
  const alive = useTakenOver();
  const pressed = items.some((item) => item.id === product.id);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const toggle = useRef<HTMLButtonElement>(null);
  const firstChoice = useRef<HTMLButtonElement>(null);
  const promptId = useId();
  const item: CompareItem = {
    id: product.id,
    name: product.name,
    category: product.category,
    ...(product.images[0] ? { image: product.images[0] } : {}),
  };

  // The question takes the focus on its first answer; the refusal is announced where it shows.
  useEffect(() => {
    if (prompt?.kind === 'other-category') firstChoice.current?.focus();
  }, [prompt]);

  function press() {
    setPrompt(null);
    if (pressed) {
      comparison.remove(product.id);
      setAnnouncement(`Removed ${product.name} from the comparison.`);
      return;
    }
    const outcome = comparison.add(item);
    if (outcome.kind === 'added' || outcome.kind === 'already') {
      setAnnouncement(`Added ${product.name} to the comparison, ${outcome.items.length} of ${COMPARE_MAX}.`);
    } else if (outcome.kind === 'full') {
      setAnnouncement('');
      setPrompt({ kind: 'full' });
    } else {
      setAnnouncement('');
      setPrompt({ kind: 'other-category', comparing: outcome.comparing, count: outcome.items.length });
    }
  }

  function replace() {
    comparison.replace(item);
    setPrompt(null);
    setAnnouncement(`Started a new comparison with ${product.name}.`);
    toggle.current?.focus();
  }

  function keep() {
    setPrompt(null);
    toggle.current?.focus();
  }

  // "Replace the laptop" for one, "the laptops" for more.
  const comparing = prompt?.kind === 'other-category' ? categoryNoun(prompt.count, prompt.comparing) : '';
  return (
    <>
      <button
        ref={toggle}
        type="button"
        aria-pressed={pressed}
        disabled={!alive}
        onClick={press}
        className={`inline-flex items-center gap-1.5 rounded-lg border font-medium disabled:opacity-60 ${size === 'md' ? 'px-3 py-2 text-sm' : 'px-2.5 py-1.5 text-sm'} ${pressed ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
      >
        <span
          aria-hidden="true"
          className={`inline-flex size-4 items-center justify-center rounded border text-xs leading-none ${pressed ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-400'}`}
        >
          {pressed ? '✓' : ''}
        </span>
        Compare<span className="sr-only"> {product.name}</span>
      </button>
      <span role="status" className="sr-only">
        {announcement}
      </span>
      {prompt?.kind === 'full' && (
        <p role="alert" className="basis-full rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          You can compare up to {COMPARE_MAX} products at once. Remove one from the comparison first.{' '}
          <Link to={paths.compare()} className="font-semibold underline">
            See the comparison
          </Link>
        </p>
      )}
      {prompt?.kind === 'other-category' && (
        <div
          role="group"
          aria-labelledby={promptId}
          className="basis-full rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
        >
          <p id={promptId}>
            Products are compared within one category, and you are comparing {countOf(prompt.count, prompt.comparing)}. Start a new
            comparison with {product.name}?
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              ref={firstChoice}
              type="button"
              onClick={replace}
              className="rounded-lg bg-brand-600 px-3 py-1.5 font-semibold text-white hover:bg-brand-700"
            >
              Replace the {comparing}
            </button>
            <button
              type="button"
              onClick={keep}
              className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 font-semibold text-slate-800 hover:bg-slate-50"
            >
              Keep them
            </button>
          </div>
        </div>
      )}
    </>
  );
}
