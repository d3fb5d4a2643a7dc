import { type RefObject, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { CATEGORY_LABELS } from '#shared/categories.ts';
import { formatPrice } from '#shared/money.ts';
import { ProductImage } from '#web/components/ui/product-image.tsx';
import { paths } from '#web/config/paths.ts';
import { useSuggestions } from '../api/get-suggestions.ts';

interface Option {
  key: string;
  label: string;
  detail: string;
  to: string;
  image?: string | null;
}

/** Waits until typing pauses before asking: a request per keystroke would ask for words half typed. */
function useSettled(text: string, ms = 150): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

export interface SearchSuggestionsProps {
  listId: string;
  text: string;
  /** the option the arrow keys are on, -1 for none */
  active: number;
  onCount: (count: number) => void;
  /** set here: what Enter on the active option does */
  chooseRef: RefObject<(index: number) => void>;
  onChosen: () => void;
}

/**
 * The search box's list of suggestions (an ARIA combobox's listbox; the input keeps the focus and
 * the arrow keys): the products, brands and categories the words find. Loaded apart from the page,
 * once a shopper starts typing.
 */
export default function SearchSuggestions({ listId, text, active, onCount, chooseRef, onChosen }: SearchSuggestionsProps) {
  const q = useSettled(text.trim());
  const { data } = useSuggestions(q);
  const navigate = useNavigate();
  const options = useMemo<Option[]>(() => {
    if (!data) return [];
    return [
      ...data.products.map((product) => ({
        key: `p${product.id}`,
        label: product.name,
        detail: formatPrice(product.price),
        to: paths.product(product.id),
        image: product.image,
      })),
      ...data.brands.map((brand) => ({
        key: `b${brand.name}`,
        label: brand.name,
        detail: `Brand · ${brand.count} ${brand.count === 1 ? 'product' : 'products'}`,
        to: `${paths.products()}?brand=${encodeURIComponent(brand.name)}`,
      })),
      ...data.categories.map((entry) => ({
        key: `c${entry.category}`,
        label: CATEGORY_LABELS[entry.category].plural,
        detail: `Category · ${entry.count} found`,
        to: `${paths.search(data.q)}&category=${entry.category}`,
      })),
    ];
  }, [data]);

  useEffect(() => onCount(options.length), [options.length, onCount]);
  useEffect(() => {
    chooseRef.current = (index: number) => {
      const option = options[index];
      if (!option) return;
      onChosen();
      void navigate(option.to);
    };
  }, [options, chooseRef, navigate, onChosen]);

  if (options.length === 0) {
    return data && q.length >= 2 ? (
      <p
        role="status"
        className="absolute inset-x-0 top-full z-30 mt-1 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-600 shadow-lg"
      >
        No suggestions for “{data.q}”. Press Enter to search.
      </p>
    ) : null;
  }
  return (
    <>
      <p role="status" className="sr-only">
        {options.length} suggestions. Use the up and down arrows to choose.
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {options.map((option, index) => (
          <li
            key={option.key}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // The input keeps the focus; a click must not blur it before it lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => chooseRef.current(index)}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${index === active ? 'bg-brand-50 text-brand-800' : 'text-slate-900 hover:bg-slate-50'}`}
          >
            {option.image !== undefined &&
              (option.image ? (
                <ProductImage
                  src={option.image}
                  alt=""
                  width={40}
                  height={30}
                  className="h-[30px] w-10 shrink-0 rounded bg-slate-100 object-cover"
                />
              ) : (
                <span aria-hidden="true" className="h-[30px] w-10 shrink-0 rounded bg-slate-100" />
              ))}
            <span className="min-w-0 flex-1 truncate">{option.label}</span>
            <span className="shrink-0 text-xs text-slate-600">{option.detail}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
