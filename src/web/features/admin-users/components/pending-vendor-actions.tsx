import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { VendorDecisionInputSchema, type AdminUser } from '#shared/schemas/admin.ts';
import { TextAreaControl } from '#web/components/form/form-fields.tsx';
import { ErrorAlert } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { errorMessage, useVendorDecision } from '../api/admin-users.ts';

/** Approve at once, or "Reject…" which asks for the reason that is e-mailed to the vendor. */
export function PendingVendorActions({ user, onDecided }: { user: AdminUser; onDecided: (user: AdminUser, message: string) => void }) {
  const id = useId();
  const decision = useVendorDecision();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const rejectToggleRef = useRef<HTMLButtonElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const shop = user.vendor?.name ?? user.name;

  useEffect(() => {
    if (rejecting) reasonRef.current?.focus();
  }, [rejecting]);

  const approve = () => {
    setProblem(null);
    decision.mutate(
      { uid: user.uid, decision: 'approve' },
      { onSuccess: (answered) => onDecided(answered, `Approved ${shop}. The vendor can now sell.`) },
    );
  };

  const reject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = VendorDecisionInputSchema.safeParse({ decision: 'reject', reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please give the vendor a reason');
      reasonRef.current?.focus();
      return;
    }
    setProblem(null);
    decision.mutate(
      { uid: user.uid, decision: 'reject', reason: parsed.data.reason },
      { onSuccess: (answered) => onDecided(answered, `Rejected ${shop}. The vendor has been e-mailed the reason.`) },
    );
  };

  const failure = decision.error
    ? errorMessage(decision.error, 'The decision was not saved. Please check your connection and try again.')
    : null;

  return (
    <div className="min-w-0 space-y-2">
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={approve} disabled={decision.isPending} className={buttonClass('primary', 'sm')}>
          {decision.isPending && decision.variables.decision === 'approve' ? 'Approving…' : 'Approve'}{' '}
          <span className="sr-only">{shop}</span>
        </button>
        <button
          ref={rejectToggleRef}
          type="button"
          aria-expanded={rejecting}
          aria-controls={rejecting ? `${id}-reject` : undefined}
          onClick={() => {
            decision.reset();
            setProblem(null);
            setRejecting((open) => !open);
          }}
          disabled={decision.isPending}
          className={buttonClass('secondary', 'sm')}
        >
          Reject… <span className="sr-only">{shop}</span>
        </button>
      </div>
      {rejecting && (
        <form
          id={`${id}-reject`}
          noValidate
          onSubmit={reject}
          aria-label={`Reject ${shop}`}
          className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3"
        >
          <TextAreaControl
            label={
              <>
                Reason for rejecting <span className="sr-only">{shop}</span>
              </>
            }
            hint="E-mailed to the vendor; at least 5 characters."
            error={problem}
            inputRef={reasonRef}
            maxLength={500}
            value={reason}
            onChange={(value) => {
              setReason(value);
              if (problem) setProblem(null);
            }}
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={decision.isPending} className={buttonClass('primary', 'sm')}>
              {decision.isPending ? 'Rejecting…' : 'Reject shop'}
            </button>
            <button
              type="button"
              onClick={() => {
                setRejecting(false);
                setReason('');
                setProblem(null);
                decision.reset();
                rejectToggleRef.current?.focus();
              }}
              className={buttonClass('secondary', 'sm')}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      {failure && <ErrorAlert className="px-3 py-2">{failure}</ErrorAlert>}
    </div>
  );
}
