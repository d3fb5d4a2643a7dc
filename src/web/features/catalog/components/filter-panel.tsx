import { type FormEvent, useId } from 'react';
import type { Facet } from '#shared/schemas/catalog.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';

interface FilterPanelProps {
  facets: Facet[];
  params: URLSearchParams;
  onToggle: (key: string, value: string) => void;
  onPrice: (min: string | undefined, max: string | undefined) => void;
  onInStock: (checked: boolean) => void;
  /** a PIN code the listing may keep to what delivers to (the one the shopper checked delivery to); none, no such filter */
  deliverTo?: string;
  onDeliverTo: (pincode: string | undefined) => void;
  onClear: () => void;
  hasActiveFilters: boolean;
  /** facet keys fixed by the page (the category on a category page) */
  hidden?: string[];
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
              <label htmlFor={inputId} className="flex flex-1 cursor-pointer justify-between gap-2 text-sm text-slate-700">
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

export function FilterPanel(props: FilterPanelProps) {
  const { facets, params, onToggle, onPrice, onInStock, deliverTo, onDeliverTo, onClear, hasActiveFilters, hidden = [] } = props;
  const id = useId();

  function submitPrice(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const clean = (value: FormDataEntryValue | null) => {
      const text = String(value ?? '').replace(/[,\s₹]/g, '');
      return /^\d+$/.test(text) ? String(Number(text)) : undefined;
    };
    onPrice(clean(form.get('minPrice')), clean(form.get('maxPrice')));
  }

  return (
    <div>
      <div className="flex items-center justify-between pb-3">
        <h2 className="text-base font-semibold text-slate-900">Filters</h2>
        {hasActiveFilters && (
          <button type="button" onClick={onClear} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
            Clear all
          </button>
        )}
      </div>

      <div className="border-t border-slate-200 py-4">
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

      <form onSubmit={submitPrice} className="border-t border-slate-200 py-4" key={`${params.get('minPrice')}-${params.get('maxPrice')}`}>
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-900">Price (₹)</legend>
          <div className="flex items-end gap-2">
            <div className="flex-1">
              <label htmlFor={`${id}-min`} className="text-xs text-slate-600">
                Min
              </label>
              <input
                id={`${id}-min`}
                name="minPrice"
                inputMode="numeric"
                defaultValue={params.get('minPrice') ?? ''}
                placeholder="0"
                className="w-full rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
              />
            </div>
            <div className="flex-1">
              <label htmlFor={`${id}-max`} className="text-xs text-slate-600">
                Max
              </label>
              <input
                id={`${id}-max`}
                name="maxPrice"
                inputMode="numeric"
                defaultValue={params.get('maxPrice') ?? ''}
                placeholder="Any"
                className="w-full rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
              />
            </div>
            <button type="submit" className={buttonClass('secondary', 'sm')}>
              Apply
            </button>
          </div>
        </fieldset>
      </form>

      {facets
        .filter((facet) => !hidden.includes(facet.key) && facet.values.length > 0)
        .map((facet) => (
          <FacetGroup
            key={facet.key}
            facet={facet}
            selected={params.getAll(facet.key)}
            onToggle={(value) => onToggle(facet.key, value)}
          />
        ))}
    </div>
  );
}

