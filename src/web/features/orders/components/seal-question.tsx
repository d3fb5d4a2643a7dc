import type { UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { OPENED_CHANGE_OF_MIND, UNOPENED_QUESTION } from '#shared/returns.ts';
import { paths } from '#web/config/paths.ts';
import type { ReturnRequest } from '../api/returns.ts';
import type { Values } from './return-values.ts';

/**
 * Asked with "No longer needed", as the returns policy takes such a return only for a unit still
 * sealed: "No" says at once that it will be refused, and the server refuses it too.
 */
export function SealQuestion({
  form,
  answer,
  idPrefix,
}: {
  form: UseFormReturn<Values, unknown, ReturnRequest>;
  answer: Values['unopened'];
  idPrefix: string;
}) {
  const error = form.formState.errors.unopened?.message;
  const noteId = `${idPrefix}-seal-note`;
  const refused = answer === 'no';
  return (
    <fieldset aria-describedby={error || refused ? noteId : undefined}>
      <legend className="text-sm font-medium text-slate-900">{UNOPENED_QUESTION}</legend>
      <div className="mt-1 flex flex-col gap-1 text-sm sm:flex-row sm:gap-6">
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" value="yes" {...form.register('unopened')} className="size-4 accent-brand-600" />
          Yes, it is unopened
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" value="no" {...form.register('unopened')} className="size-4 accent-brand-600" />
          No, it has been opened
        </label>
      </div>
      {(error || refused) && (
        <p
          id={noteId}
          className={`mt-1 text-sm ${error ? 'font-medium text-red-700' : 'rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950'}`}
        >
          {error ?? OPENED_CHANGE_OF_MIND}{' '}
          {(error === OPENED_CHANGE_OF_MIND || (!error && refused)) && (
            <Link to={paths.returns()} className="font-semibold underline underline-offset-2">
              Our returns policy
            </Link>
          )}
        </p>
      )}
    </fieldset>
  );
}
