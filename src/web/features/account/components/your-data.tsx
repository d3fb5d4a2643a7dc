import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { DeleteAccountInputSchema, type DeleteAccountInput } from '#shared/schemas/account-security.ts';
import type { Role } from '#shared/schemas/auth.ts';
import { TextField } from '#web/components/form/form-fields.tsx';
import { ErrorAlert } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';
import { errorMessage, fieldIssues } from '#web/lib/api-client.ts';
import { DATA_EXPORT_URL, leaveSignedOut, useDeleteAccount } from '../api/security.ts';

const DANGER_BASE =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';
const DANGER_OUTLINE = `${DANGER_BASE} border border-red-300 bg-white text-red-700 hover:bg-red-50`;
const DANGER_SOLID = `${DANGER_BASE} bg-red-700 text-white hover:bg-red-800 disabled:hover:bg-red-700`;

/** What deleting an account keeps, and why: said before the password is asked for, and after. */
export function KeptForTaxLaw() {
  return (
    <p>
      Your orders, their payments and the GST invoices issued for them are kept, as Indian tax law requires: the invoices keep the name and
      delivery address they were issued to. Nothing else of yours is kept.
    </p>
  );
}

/** "Your data" (India's Digital Personal Data Protection Act): download it, or delete the account. */
export function YourData({ role, storeName }: { role: Role; storeName: string }) {
  const [confirming, setConfirming] = useState(false);
  const panelId = useId();
  const openButton = useRef<HTMLButtonElement>(null);
  const panelHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (confirming) panelHeading.current?.focus();
  }, [confirming]);

  const close = () => {
    setConfirming(false);
    queueMicrotask(() => openButton.current?.focus());
  };

  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <h3 className="font-semibold text-slate-900">A copy of your data</h3>
        <p className="text-sm text-slate-600">
          A file (JSON) with your profile, addresses, orders and their payments, as {storeName} keeps them.
        </p>
        <a href={DATA_EXPORT_URL} download className={`${buttonClass('secondary')} w-full sm:w-auto`}>
          Download my data
        </a>
      </div>

      <div className="space-y-3 border-t border-slate-200 pt-6">
        <h3 className="font-semibold text-slate-900">Delete your account</h3>
        {role === 'customer' ? (
          <>
            <p className="text-sm text-slate-600">
              Your name, e-mail address, saved addresses and phone numbers and your password are erased, and you are signed out everywhere.
              This cannot be undone.
            </p>
            {confirming ? (
              <DeleteAccountPanel id={panelId} headingRef={panelHeading} onCancel={close} />
            ) : (
              <button ref={openButton} type="button" onClick={() => setConfirming(true)} className={`${DANGER_OUTLINE} w-full sm:w-auto`}>
                Delete my account…
              </button>
            )}
          </>
        ) : (
          <p className="text-sm text-slate-600">
            {role === 'vendor'
              ? 'A seller account is closed by the marketplace, once your shop’s orders, settlements and invoices are settled. Please write to us from the Contact page.'
              : 'An administrator account cannot be deleted here: another administrator must first take away its admin role.'}
          </p>
        )}
      </div>
    </div>
  );
}

function DeleteAccountPanel({
  id,
  headingRef,
  onCancel,
}: {
  id: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onCancel: () => void;
}) {
  const remove = useDeleteAccount();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<DeleteAccountInput>({ resolver: zodResolver(DeleteAccountInputSchema), defaultValues: { password: '' } });

  const submit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await remove.mutateAsync(password);
      leaveSignedOut(paths.accountDeleted());
    } catch (failure) {
      const issue = fieldIssues(failure).find((i) => i.field === 'password');
      if (issue) form.setError('password', { message: issue.message }, { shouldFocus: true });
      else setError(errorMessage(failure, 'We could not delete your account. Please check your connection and try again.'));
    }
  });

  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="rounded-xl border border-red-200 bg-red-50 p-4 sm:p-5">
      <h4 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="font-semibold text-red-900 outline-none">
        Delete your account for good?
      </h4>
      <div className="mt-2 space-y-2 text-sm text-red-950">
        <KeptForTaxLaw />
        <p>Enter your password to confirm.</p>
      </div>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        {error ? <ErrorAlert>{error}</ErrorAlert> : null}
        <TextField form={form} name="password" label="Password" type="password" autoComplete="current-password" />
        <div className="flex flex-col gap-3 sm:flex-row">
          <button type="submit" disabled={form.formState.isSubmitting} className={`${DANGER_SOLID} w-full sm:w-auto`}>
            {form.formState.isSubmitting ? 'Deleting…' : 'Delete my account'}
          </button>
          <button type="button" onClick={onCancel} className={`${buttonClass('secondary')} w-full sm:w-auto`}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
