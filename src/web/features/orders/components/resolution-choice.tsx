import type { UseFormReturn } from 'react-hook-form';
import { formatPrice } from '#shared/money.ts';
import type { ReturnRequest } from '../api/returns.ts';
import type { Values } from './return-values.ts';

/** Refund (of the estimate shown) or replacement, the second only for a reason that allows one. */
export function ResolutionChoice({
  form,
  estimate,
  replaceable,
  idPrefix: ids,
}: {
  form: UseFormReturn<Values, unknown, ReturnRequest>;
  /** the refund this return would bring, in paise */
  estimate: number;
  replaceable: boolean;
  idPrefix: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-900">What would you like?</legend>
      <div className="mt-2 flex flex-col gap-2 text-sm sm:flex-row sm:gap-6">
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" value="refund" {...form.register('resolution')} className="size-4 accent-brand-600" />A refund of{' '}
          {formatPrice(estimate)}
        </label>
        <label className={`flex min-h-11 items-center gap-2 ${replaceable ? '' : 'text-slate-500'}`}>
          <input
            type="radio"
            value="replacement"
            disabled={!replaceable}
            aria-describedby={`${ids}-replace-hint`}
            {...form.register('resolution')}
            className="size-4 accent-brand-600"
          />
          A replacement
        </label>
      </div>
      <p id={`${ids}-replace-hint`} className="text-xs text-slate-600">
        A replacement is for an item that is defective, damaged in transit or not the one you ordered.
      </p>
    </fieldset>
  );
}
