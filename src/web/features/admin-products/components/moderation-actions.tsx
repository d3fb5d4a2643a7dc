import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ModerationInputSchema } from '#shared/schemas/admin.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { errorMessage, useModerateProduct, type AdminProduct, type ModerationResult } from '../api/admin-products.ts';

export const controlClass =
  'block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 ' +
  'focus:border-brand-500 focus:ring-2 focus:ring-brand-500 focus:outline-hidden ' +
  'aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:ring-red-500 disabled:bg-slate-100';

export const REASON_MAX = 500;

interface ModerationActionsProps {
  product: Pick<AdminProduct, 'id' | 'name' | 'hiddenReason'>;
  /** Called once the change is saved and the list refetched. */
  onModerated: (result: ModerationResult, message: string) => void;
}

/** "Hide…" (asks for the reason the vendor will see) or, for a hidden product, "Restore". */
export function ModerationActions({ product, onModerated }: ModerationActionsProps) {
  const id = useId();
  const [hiding, setHiding] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const hidden = product.hiddenReason !== null;

  useEffect(() => {
    if (hiding) reasonRef.current?.focus();
  }, [hiding]);

  const close = () => {
    setHiding(false);
    setReason('');
    setProblem(null);
  };

  const moderation = useModerateProduct({
    onModerated: (result, variables) => {
      if (variables.action === 'hide') close();
      onModerated(result, variables.action === 'hide' ? `${result.name} hidden from the store` : `${result.name} restored to the store`);
    },
  });

  const hide = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (moderation.isPending) return;
    const parsed = ModerationInputSchema.safeParse({ action: 'hide', reason });
    if (!parsed.success || parsed.data.reason === undefined) {
      setProblem(parsed.error?.issues[0]?.message ?? 'Please tell the vendor why, in at least 5 characters');
      reasonRef.current?.focus();
      return;
    }
    setProblem(null);
    moderation.mutate({ id: product.id, action: 'hide', reason: parsed.data.reason });
  };

  const restore = () => {
    moderation.mutate({ id: product.id, action: 'restore' });
  };

  const failure = moderation.error
    ? errorMessage(moderation.error, 'The change was not saved. Please check your internet connection and try again.')
    : null;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <div className="min-w-0 space-y-2">
      {hidden ? (
        <button type="button" onClick={restore} disabled={moderation.isPending} className={buttonClass('secondary', 'sm')}>
          {moderation.isPending ? 'Restoring…' : 'Restore'}{' '}
          <span className="sr-only">{product.name}</span>
        </button>
      ) : (
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={hiding}
          aria-controls={hiding ? `${id}-form` : undefined}
          disabled={moderation.isPending}
          onClick={() => {
            moderation.reset();
            if (hiding) close();
            else setHiding(true);
          }}
          className={buttonClass('secondary', 'sm')}
        >
          Hide…{' '}
          <span className="sr-only">{product.name}</span>
        </button>
      )}

      {hiding && !hidden && (
        <form
          id={`${id}-form`}
          noValidate
          onSubmit={hide}
          aria-label={`Hide ${product.name}`}
          className="min-w-0 space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3"
        >
          <div className="min-w-0">
            <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-900">
              Reason shown to the vendor
            </label>
            <p id={hintId} className="mt-1 text-sm text-slate-600">
              At least 5 characters.
            </p>
            <textarea
              ref={reasonRef}
              id={`${id}-reason`}
              rows={3}
              maxLength={REASON_MAX}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                if (problem) setProblem(null);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
              className={`${controlClass} mt-1.5`}
            />
            {problem && (
              <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
                {problem}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={moderation.isPending} className={buttonClass('primary', 'sm')}>
              {moderation.isPending ? 'Hiding…' : 'Hide product'}
            </button>
            <button
              type="button"
              onClick={() => {
                close();
                moderation.reset();
                toggleRef.current?.focus();
              }}
              className={buttonClass('secondary', 'sm')}
            >
              Cancel
            </button>
          </div>
        </form>
      )}

      {failure && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium wrap-break-word text-red-800">
          {failure}
        </p>
      )}
    </div>
  );
}
