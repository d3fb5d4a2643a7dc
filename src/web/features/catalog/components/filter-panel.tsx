import { type FormEvent, useId, useState } from 'react';
import type { Category } from '#shared/categories.ts';
import type { Facet } from '#shared/schemas/catalog.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { facetsWithSelected } from '../listing-filters.ts';
import { checkTypedRange, fieldRupees, type PriceRange, pricePresets, priceRangeOf, REVERSED_RANGE } from '../price-ranges.ts';

interface FilterPanelProps {
  facets: Facet[];
  params: URLSearchParams;
  /** the listing's category: its price presets */
  category?: Category;
  onToggle: (key: string, value: string) => void;
  /** a range in paise; both undefined: any price */
  onPrice: (range: PriceRange) => void;
  onInStock: (checked: boolean) => void;
  /** a PIN code the listing may keep to what delivers to (the one the shopper checked delivery to); none, no such filter */
  deliverTo?: string;
  onDeliverTo: (pincode: string | undefined) => void;
  /** facet keys fixed by the page (the category on a category page) */
  hidden?: string[];
  /** the panel's own "Filters" heading; a drawer titled "Filters" leaves it out */
  heading?: boolean;
}

function FacetGroup({ facet, selected, onToggle }: { facet: Facet; selected: string[]; onToggle: (value: string) => void }) {
  const id = useId();
  return (
    <fieldset className="border-t border-slate-200 py-4">
      <legend className="float-left mb-2 w-full text-sm font-semibold text-slate-900">{facet.label}</legend>
      <ul className="clear-both max-h-64 space-y-1.5 overflow-y-auto pr-1">
        {facet.values.map((value, index) => {
          const inputId = `${id}-${index}`;
          const checked = selected.includes(value.value);
          return (
            <li key={value.value} className="flex items-center gap-2">
              <input
                id={inputId}
                type="checkbox"
                checked={checked}
                onChange={() => onToggle(value.value)}
                className="size-4 rounded border-slate-300 accent-brand-600"
              />
              <label htmlFor={inputId} className="flex flex-1 cursor-pointer justify-between gap-2 py-0.5 text-sm text-slate-700">
                <span>{value.label}</span>
                <span className="text-slate-500 tabular-nums">{value.count}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/**
 * Price: the category's presets (one pressed when the URL's range is it; pressed again, any
 * price), and a minimum and maximum in rupees. A minimum above the maximum is said next to the
 * fields, both when typed (nothing is applied) and when a URL carries one (the listing ignores it).
 */
function PriceFilter({ params, category, onPrice }: Pick<FilterPanelProps, 'params' | 'category' | 'onPrice'>) {
  const id = useId();
  const range = priceRangeOf(params);
  const [typedError, setTypedError] = useState<string>();
  const message = typedError ?? (range.reversed ? `${REVERSED_RANGE}, so this price range is not applied.` : undefined);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = checkTypedRange(String(form.get('minPrice') ?? ''), String(form.get('maxPrice') ?? ''));
    if ('error' in checked) {
      setTypedError(`${checked.error}.`);
      return;
    }
    setTypedError(undefined);
    onPrice(checked.range);
  }

  const field = 'w-full rounded-lg border px-2 py-1.5 text-sm';
  return (
    <form onSubmit={submit} className="border-t border-slate-200 py-4" noValidate>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-900">Price</legend>
        <ul className="mb-3 space-y-1">
          {pricePresets(category).map((preset) => {
            const pressed = !range.reversed && range.min === preset.min && range.max === preset.max;
            return (
              <li key={preset.label}>
                <button
                  type="button"
                  aria-pressed={pressed}
                  onClick={() => onPrice(pressed ? {} : { min: preset.min, max: preset.max })}
                  className={`flex w-full items-center gap-2 rounded-md px-1 py-1 text-left text-sm hover:bg-slate-50 ${pressed ? 'font-semibold text-brand-800' : 'text-slate-700'}`}
                >
                  <span
                    aria-hidden="true"
                    className={`grid size-4 shrink-0 place-items-center rounded-full border ${pressed ? 'border-brand-600' : 'border-slate-400'}`}
                  >
                    {pressed && <span className="size-2 rounded-full bg-brand-600" />}
                  </span>
                  {preset.label}
                </button>
              </li>
            );
          })}
        </ul>
        {/* The two fields share the row, Apply under them: "1,50,000" fits whole in the side panel and at 360 px. */}
        <div className="grid grid-cols-2 gap-2">
          <div className="min-w-0">
            <label htmlFor={`${id}-min`} className="text-xs text-slate-600">
              Min (₹)
            </label>
            <input
              id={`${id}-min`}
              name="minPrice"
              inputMode="numeric"
              defaultValue={fieldRupees(range.min)}
              placeholder="0"
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-error` : undefined}
              onChange={() => setTypedError(undefined)}
              className={`${field} ${message ? 'border-red-600' : 'border-slate-300'}`}
            />
          </div>
          <div className="min-w-0">
            <label htmlFor={`${id}-max`} className="text-xs text-slate-600">
              Max (₹)
            </label>
            <input
              id={`${id}-max`}
              name="maxPrice"
              inputMode="numeric"
              defaultValue={fieldRupees(range.max)}
              placeholder="Any"
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-error` : undefined}
              onChange={() => setTypedError(undefined)}
              className={`${field} ${message ? 'border-red-600' : 'border-slate-300'}`}
            />
          </div>
          <button type="submit" className={`${buttonClass('secondary', 'sm')} col-span-2`}>
            Apply
          </button>
        </div>
        <p id={`${id}-error`} aria-live="polite" className="mt-2 text-sm text-red-700 empty:mt-0">
          {message}
        </p>
      </fieldset>
    </form>
  );
}

export function FilterPanel(props: FilterPanelProps) {
  const { facets, params, category, onToggle, onPrice, onInStock, deliverTo, onDeliverTo, hidden = [], heading = true } = props;
  const id = useId();

  return (
    <div>
      {heading && <h2 className="pb-3 text-base font-semibold text-slate-900">Filters</h2>}

      <div className={`${heading ? 'border-t border-slate-200 ' : ''}py-4`}>
        <div className="flex items-center gap-2">
          <input
            id={`${id}-stock`}
            type="checkbox"
            checked={params.get('inStock') === 'true'}
            onChange={(event) => onInStock(event.target.checked)}
            className="size-4 accent-brand-600"
          />
          <label htmlFor={`${id}-stock`} className="cursor-pointer text-sm text-slate-700">
            In stock only
          </label>
        </div>
        {deliverTo && (
          <div className="mt-2 flex items-center gap-2">
            <input
              id={`${id}-deliver`}
              type="checkbox"
              checked={params.get('deliverTo') === deliverTo}
              onChange={(event) => onDeliverTo(event.target.checked ? deliverTo : undefined)}
              className="size-4 accent-brand-600"
            />
            <label htmlFor={`${id}-deliver`} className="cursor-pointer text-sm text-slate-700">
              Delivers to {deliverTo}
            </label>
          </div>
        )}
      </div>

      {/* Drawn afresh when the URL's range changes: its fields show it, and a typed error goes. */}
      <PriceFilter key={`${params.get('minPrice')}-${params.get('maxPrice')}`} params={params} category={category} onPrice={onPrice} />

      {facetsWithSelected(facets, params, hidden).map((facet) => (
        <FacetGroup key={facet.key} facet={facet} selected={params.getAll(facet.key)} onToggle={(value) => onToggle(facet.key, value)} />
      ))}
    </div>
  );
}
