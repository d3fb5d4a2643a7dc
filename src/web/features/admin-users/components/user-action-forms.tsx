import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { UserRoleInputSchema, UserStatusInputSchema, VendorDecisionInputSchema, type AdminUser } from '#shared/schemas/admin.ts';
import { ROLES } from '#shared/schemas/auth.ts';
import { SelectField, TextAreaControl, TextAreaField } from '#web/components/form/form-fields.tsx';
import { FormActions } from '#web/components/form/form-layout.tsx';
import { ErrorAlert } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { errorMessage, useSetUserRole, useSetUserStatus, useVendorDecision, type UserRoleInput } from '../api/admin-users.ts';
import { ROLE_LABELS } from './admin-ui.tsx';

const CONNECTION_PROBLEM = 'The change was not saved. Please check your internet connection and try again.';

const cardClass = 'min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-5';
const h3Class = 'text-base font-semibold text-slate-900';

// ---- Account status ---------------------------------------------------------------------------

const ReasonSchema = UserStatusInputSchema.pick({ reason: true });
type ReasonValues = z.input<typeof ReasonSchema>;

/** Suspends an active account or reactivates a suspended one, with the reason kept in the audit history. */
export function StatusForm({ user, onDone }: { user: AdminUser; onDone: (message: string) => void }) {
  const id = useId();
  const mutation = useSetUserStatus();
  const suspending = user.status === 'active';
  const title = suspending ? 'Suspend account' : 'Reactivate account';
  const form = useForm<ReasonValues, unknown, z.output<typeof ReasonSchema>>({
    resolver: zodResolver(ReasonSchema),
    defaultValues: { reason: '' },
  });

  const submit = form.handleSubmit(({ reason }) => {
    const status = suspending ? 'suspended' : 'active';
    mutation.mutate(
      { uid: user.uid, status, reason },
      {
        onSuccess: (answered) => {
          form.reset({ reason: '' });
          onDone(
            answered.status === 'suspended' ? `${answered.name}’s account is suspended.` : `${answered.name}’s account is active again.`,
          );
        },
      },
    );
  });

  return (
    <section aria-labelledby={`${id}-heading`} className={cardClass}>
      <h3 id={`${id}-heading`} className={h3Class}>
        {title}
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        {suspending
          ? 'The account stays suspended until an admin reactivates it.'
          : 'The account is suspended. Reactivating lets the user use it again.'}
      </p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-3">
        <TextAreaField
          form={form}
          name="reason"
          label={suspending ? 'Reason for suspending' : 'Reason for reactivating'}
          hint="Kept in the audit history; at least 5 characters."
          rows={3}
          maxLength={500}
          rules={{ onChange: () => mutation.reset() }}
        />
        <FormActions
          submitLabel={title}
          pendingLabel={suspending ? 'Suspending…' : 'Reactivating…'}
          pending={mutation.isPending}
          error={mutation.error ? errorMessage(mutation.error, CONNECTION_PROBLEM) : null}
        />
      </form>
    </section>
  );
}

// ---- Role -------------------------------------------------------------------------------------

/** Makes the user a customer, vendor or admin, with the reason kept in the audit history. */
export function RoleForm({ user, onDone }: { user: AdminUser; onDone: (message: string) => void }) {
  const id = useId();
  const mutation = useSetUserRole();
  const schema = useMemo(
    () =>
      UserRoleInputSchema.refine((input) => input.role !== user.role, {
        message: `This user is already a ${ROLE_LABELS[user.role].toLowerCase()}. Choose another role.`,
        path: ['role'],
      }),
    [user.role],
  );
  const form = useForm<z.input<typeof UserRoleInputSchema>, unknown, UserRoleInput>({
    resolver: zodResolver(schema),
    defaultValues: { role: user.role, reason: '' },
  });

  const submit = form.handleSubmit(({ role, reason }) => {
    mutation.mutate(
      { uid: user.uid, role, reason },
      {
        onSuccess: (answered) => {
          form.reset({ role: answered.role, reason: '' });
          onDone(`${answered.name} is now ${answered.role === 'admin' ? 'an' : 'a'} ${ROLE_LABELS[answered.role].toLowerCase()}.`);
        },
      },
    );
  });

  return (
    <section aria-labelledby={`${id}-heading`} className={cardClass}>
      <h3 id={`${id}-heading`} className={h3Class}>
        Change role
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Currently {user.role === 'admin' ? 'an' : 'a'} {ROLE_LABELS[user.role].toLowerCase()}.
      </p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-3 space-y-3">
        <SelectField
          form={form}
          name="role"
          label="New role"
          options={ROLES.map((role) => ({ value: role, label: `${ROLE_LABELS[role]}${role === user.role ? ' (current)' : ''}` }))}
          rules={{ onChange: () => mutation.reset() }}
        />
        <TextAreaField
          form={form}
          name="reason"
          label="Reason for the role change"
          hint="Kept in the audit history; at least 5 characters."
          rows={3}
          maxLength={500}
          rules={{ onChange: () => mutation.reset() }}
        />
        <FormActions
          submitLabel="Change role"
          pendingLabel="Changing…"
          pending={mutation.isPending}
          error={mutation.error ? errorMessage(mutation.error, CONNECTION_PROBLEM) : null}
        />
      </form>
    </section>
  );
}

// ---- Vendor decision --------------------------------------------------------------------------

/** Approves a shop awaiting approval, or rejects it with a reason e-mailed to the vendor. */
export function VendorDecisionForm({ user, onDone }: { user: AdminUser; onDone: (message: string) => void }) {
  const id = useId();
  const mutation = useVendorDecision();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const shop = user.vendor?.name ?? 'this shop';

  const decide = (decision: 'approve' | 'reject') => {
    const parsed = VendorDecisionInputSchema.safeParse({ decision, reason: reason.trim() === '' ? undefined : reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please give the vendor a reason');
      reasonRef.current?.focus();
      return;
    }
    setProblem(null);
    mutation.mutate(
      { uid: user.uid, decision, ...(parsed.data.reason ? { reason: parsed.data.reason } : {}) },
      {
        onSuccess: () =>
          onDone(
            decision === 'approve'
              ? `${shop} is approved. The vendor can now sell.`
              : `${shop} is rejected. The vendor has been e-mailed the reason.`,
          ),
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    decide('approve');
  };

  return (
    <section aria-labelledby={`${id}-heading`} className={`${cardClass} border-amber-300 md:col-span-2`}>
      <h3 id={`${id}-heading`} className={h3Class}>
        Shop awaiting approval
      </h3>
      <p className="mt-1 text-sm text-slate-600 wrap-break-word">
        Approve {shop} so the vendor can publish products, or reject it with a reason.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-3 space-y-3">
        {mutation.error && <ErrorAlert>{errorMessage(mutation.error, CONNECTION_PROBLEM)}</ErrorAlert>}
        <TextAreaControl
          label="Reason for the decision"
          hint="Required to reject (at least 5 characters); it is e-mailed to the vendor. Optional when approving."
          error={problem}
          inputRef={reasonRef}
          maxLength={500}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setProblem(null);
            mutation.reset();
          }}
        />
        <div className="flex flex-col gap-2 sm:flex-row">
          <button type="submit" disabled={mutation.isPending} className={`${buttonClass('primary')} w-full sm:w-auto`}>
            {mutation.isPending && mutation.variables.decision === 'approve' ? 'Approving…' : 'Approve shop'}
          </button>
          <button
            type="button"
            onClick={() => decide('reject')}
            disabled={mutation.isPending}
            className={`${buttonClass('secondary')} w-full sm:w-auto`}
          >
            {mutation.isPending && mutation.variables.decision === 'reject' ? 'Rejecting…' : 'Reject shop'}
          </button>
        </div>
      </form>
    </section>
  );
}
