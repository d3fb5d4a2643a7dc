import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ModerationInputSchema } from '#shared/schemas/admin.ts';
import { TextAreaControl } from '#web/components/form/form-fields.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { errorMessage, useModerateProduct, type AdminProduct, type ModerationResult } from '../api/admin-products.ts';

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

  return (
    <div className="min-w-0 space-y-2">
      {hidden ? (
        <button type="button" onClick={restore} disabled={moderation.isPending} className={buttonClass('secondary', 'sm')}>
          {moderation.isPending ? 'Restoring…' : 'Restore'} <span className="sr-only">{product.name}</span>
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
          Hide… <span className="sr-only">{product.name}</span>
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
          <TextAreaControl
            label="Reason shown to the vendor"
            hint="At least 5 characters."
            error={problem}
            inputRef={reasonRef}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(value) => {
              setReason(value);
              if (problem) setProblem(null);
            }}
          />
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
