import { useId, useState, type FormEvent } from 'react';
import { type VendorProduct } from '#shared/schemas/vendor.ts';
import { stockNowOf } from '#web/components/product-form/product-form.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { errorMessage, useUpdateVendorProductStock } from '../api/vendor-products.ts';

const MAX_STOCK = 100_000;

const stockFormat = new Intl.NumberFormat('en-IN');

/**
 * Stock changed in place: PATCH …/stock with the stock shown when the vendor started typing, so
 * units sold meanwhile stay sold (the server applies the change), then "Saved".
 */
export function StockEditor({ product }: { product: VendorProduct }) {
  const id = useId();
  const mutation = useUpdateVendorProductStock();
  /** What the vendor typed and the stock shown when they began; null until they type, so a refreshed list shows the stored stock. */
  const [draft, setDraft] = useState<{ text: string; was: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const value = draft?.text ?? String(product.stock);

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = value.trim();
    if (!/^\d+$/.test(text) || Number(text) > MAX_STOCK) {
      setProblem(`Enter a whole number from 0 to ${stockFormat.format(MAX_STOCK)}`);
      return;
    }
    setProblem(null);
    mutation.mutate(
      { id: product.id, stock: Number(text), stockWas: draft?.was ?? product.stock },
      {
        onSuccess: () => setDraft(null),
        // Refused because orders left too little: the box starts again from the stock as it is now.
        onError: (failure) => {
          const now = stockNowOf(failure);
          if (now !== undefined) setDraft({ text: String(now), was: now });
        },
      },
    );
  };

  const error = problem ?? (mutation.error ? errorMessage(mutation.error, 'Not saved. Please try again.') : null);
  const saved = mutation.isSuccess && draft === null && !problem;
  const afterOrders = saved && mutation.data.stock !== mutation.variables.stock;

  return (
    <form noValidate onSubmit={save} className="min-w-0">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-stock`} className="text-xs font-medium text-slate-500 md:sr-only">
          Stock <span className="sr-only">for {product.name}</span>
        </label>
        <input
          id={`${id}-stock`}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_STOCK}
          step={1}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : saved ? `${id}-saved` : undefined}
          onChange={(event) => {
            setDraft({ text: event.target.value, was: draft?.was ?? product.stock });
            setProblem(null);
            mutation.reset();
          }}
          className="w-24 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-base text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500 focus:outline-hidden aria-[invalid=true]:border-red-600"
        />
        <button type="submit" disabled={mutation.isPending} className={buttonClass('secondary', 'sm')}>
          {mutation.isPending ? 'Saving…' : 'Save'} <span className="sr-only">stock for {product.name}</span>
        </button>
        <span id={`${id}-saved`} role="status" className="text-sm font-medium text-emerald-700">
          {afterOrders ? `Saved: ${stockFormat.format(mutation.data.stock)} after orders placed meanwhile` : saved ? 'Saved' : ''}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
