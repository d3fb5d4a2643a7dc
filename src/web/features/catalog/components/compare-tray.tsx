import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { CATEGORY_LABELS } from '#shared/categories.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { ProductImage } from '#web/components/ui/product-image.tsx';
import { paths } from '#web/config/paths.ts';
import { COMPARE_MAX } from '../compare-rules.ts';
import { comparison, useComparison } from '../compare-store.ts';

/**
 * The comparison tray, fixed at the foot of the screen while products are chosen: each with a
 * button to take it out, "Compare now" (from two products) and "Clear". A spacer as tall as the
 * tray ends the page, so the tray never hides the footer's last lines.
 */
export default function CompareTray() {
  const items = useComparison();
  const [announcement, setAnnouncement] = useState('');
  const list = useRef<HTMLUListElement>(null);
  // In one place while the tray shows, and after it went, so that what is put in it is announced.
  const status = (items.length > 0 || announcement !== '') && (
    <p role="status" className="sr-only">
      {announcement}
    </p>
  );
  if (items.length === 0) return <>{status}</>;
  const category = CATEGORY_LABELS[items[0]!.category].plural;

  function remove(index: number) {
    const item = items[index]!;
    comparison.remove(item.id);
    setAnnouncement(`Removed ${item.name} from the comparison.`);
    // The focus goes to the next product's button (or the one before), else to the page itself.
    const buttons = list.current?.querySelectorAll('button');
    const next = buttons?.[index + 1] ?? buttons?.[index - 1];
    if (next) next.focus();
    else document.getElementById('main')?.focus();
  }

  function clear() {
    comparison.clear();
    setAnnouncement('The comparison is cleared.');
    document.getElementById('main')?.focus();
  }

  return (
    <>
      {status}
      <div aria-hidden="true" className="h-24 sm:h-16" />
      <section
        aria-labelledby="compare-tray-heading"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur"
      >
        {/* A phone: the heading and Compare now, then the products and Clear; wider: one row. */}
        <div className="mx-auto grid max-w-7xl grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1.5 px-4 py-2 sm:flex sm:gap-4 sm:px-6">
          <h2 id="compare-tray-heading" className="text-sm font-semibold text-slate-900 sm:order-1">
            Compare {category.toLowerCase()}{' '}
            <span className="font-normal whitespace-nowrap text-slate-600">
              ({items.length} of {COMPARE_MAX})
            </span>
          </h2>
          {items.length > 1 ? (
            <Link to={paths.compare()} className={`${buttonClass('primary', 'sm')} sm:order-4`}>
              Compare now
            </Link>
          ) : (
            <span className="text-sm text-slate-600 sm:order-4">Add one more</span>
          )}
          <ul ref={list} className="flex min-w-0 gap-1.5 sm:order-2 sm:flex-1 sm:gap-2">
            {items.map((item, index) => (
              <li
                key={item.id}
                className="flex min-w-0 items-center gap-1 rounded-lg border border-slate-200 bg-white py-0.5 pr-0.5 pl-1 sm:max-w-56 sm:gap-1.5"
              >
                <ProductImage
                  src={item.image}
                  alt=""
                  width={40}
                  height={30}
                  className="aspect-[4/3] w-9 shrink-0 rounded object-cover sm:w-10"
                />
                <span className="hidden truncate text-xs text-slate-800 sm:inline">{item.name}</span>
                <button
                  type="button"
                  onClick={() => remove(index)}
                  className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900"
                >
                  <span aria-hidden="true">✕</span>
                  <span className="sr-only">Remove {item.name} from the comparison</span>
                </button>
              </li>
            ))}
          </ul>
          <button type="button" onClick={clear} className={`${buttonClass('ghost', 'sm')} sm:order-3`}>
            Clear<span className="sr-only"> the comparison</span>
          </button>
        </div>
      </section>
    </>
  );
}
