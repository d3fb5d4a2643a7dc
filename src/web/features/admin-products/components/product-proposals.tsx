import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type AdminProposal, AdminProposalListSchema } from '#shared/schemas/admin.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { controlClassName, Field } from '#web/components/ui/field.tsx';
import { Loading } from '#web/components/ui/loading.tsx';
import { paths } from '#web/config/paths.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { adminProductKeys, errorMessage } from '../api/admin-products.ts';

const proposalKeys = { pending: ['admin-products', 'proposals', 'pending'] as const };

function useDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin-products', 'proposal-decision'],
    mutationFn: ({ id, decision, reason }: { id: number; decision: 'approve' | 'reject'; reason?: string }) =>
      apiRequest(`/admin/proposals/${id}/decision`, { method: 'POST', body: { decision, ...(reason ? { reason } : {}) }, schema: z.null() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminProductKeys.all }),
  });
}

/** The fields a proposal changes, as label, now and proposed. */
function differences(proposal: AdminProposal): Array<[string, string, string]> {
  const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  const labels: Array<[keyof AdminProposal['changes'], string]> = [
    ['name', 'Name'],
    ['brand', 'Brand'],
    ['category', 'Category'],
    ['description', 'Description'],
    ['images', 'Images'],
    ['specs', 'Specifications'],
  ];
  return labels.flatMap(([key, label]) => {
    const before = text(proposal.current[key]);
    const after = text(proposal.changes[key]);
    return before === after ? [] : [[label, before, after] as [string, string, string]];
  });
}

function ProposalCard({ proposal, onDecided }: { proposal: AdminProposal; onDecided: (message: string) => void }) {
  const ids = useId();
  const decide = useDecision();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const reasonInput = useRef<HTMLInputElement>(null);

  function reject(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') {
      setProblem('Please say why: the seller sees it');
      reasonInput.current?.focus();
      return;
    }
    decide.mutate({ id: proposal.id, decision: 'reject', reason: reason.trim() }, { onSuccess: () => onDecided(`Rejected ${proposal.vendor.name}'s change to ${proposal.product.name}.`) });
  }

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={`${ids}-title`} className="font-semibold text-slate-900">
        <Link to={paths.adminProduct(proposal.product.id)} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {proposal.product.name}
        </Link>
      </h2>
      <p className="text-sm text-slate-600">
        Proposed by {proposal.vendor.name} on {formatDateTime(proposal.createdAt)}
      </p>
      <div role="region" aria-label={`Changes to ${proposal.product.name}`} tabIndex={0} className="mt-3 overflow-x-auto rounded-lg border border-slate-200">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">Field</th>
              <th scope="col" className="px-3 py-2 font-semibold">Now</th>
              <th scope="col" className="px-3 py-2 font-semibold">Proposed</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 align-top">
            {differences(proposal).map(([label, before, after]) => (
              <tr key={label}>
                <th scope="row" className="px-3 py-2 font-medium text-slate-700">{label}</th>
                <td className="px-3 py-2 break-words text-slate-600">{before}</td>
                <td className="px-3 py-2 break-words text-slate-900">{after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form onSubmit={reject} noValidate className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end" aria-labelledby={`${ids}-title`}>
        <button
          type="button"
          disabled={decide.isPending}
          onClick={() => decide.mutate({ id: proposal.id, decision: 'approve' }, { onSuccess: () => onDecided(`Approved: ${proposal.product.name} now shows ${proposal.vendor.name}'s change.`) })}
          className={buttonClass('primary')}
        >
          Approve
        </button>
        <Field id={`${ids}-reason`} label="Reason to reject (the seller sees it)" error={problem} className="flex-1">
          {(describedBy) => (
            <input id={`${ids}-reason`} ref={reasonInput} value={reason} onChange={(event) => setReason(event.target.value)} aria-invalid={problem ? true : undefined} aria-describedby={describedBy} className={controlClassName} />
          )}
        </Field>
        <button type="submit" disabled={decide.isPending} className={buttonClass('secondary')}>
          Reject
        </button>
      </form>
      {decide.isError && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {errorMessage(decide.error, 'The decision could not be saved. Please try again.')}
        </p>
      )}
    </li>
  );
}

/**
 * Sellers' proposed changes to the details of products other sellers also sell, oldest first:
 * each with the fields it changes, now and proposed, to approve or reject with a reason.
 */
export default function ProductProposals() {
  const query = useQuery({
    queryKey: proposalKeys.pending,
    queryFn: ({ signal }) => apiRequest('/admin/proposals?status=pending', { schema: AdminProposalListSchema, signal }),
  });
  const [notice, setNotice] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const decided = (message: string) => {
    setNotice(message);
    // The card is gone: focus goes back to the page's heading, which the notice follows.
    heading.current?.focus();
  };

  return (
    <div className="mx-auto w-full max-w-4xl">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none">
        Product changes
      </h1>
      <p className="mt-1 text-sm text-slate-600">Changes sellers propose to the details of products other sellers also sell. Approved, every seller's listing shows them.</p>
      <p role="status" className={notice ? 'mt-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900' : 'sr-only'}>
        {notice}
      </p>
      {query.isPending ? (
        <Loading label="Loading proposed changes…" />
      ) : query.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-800">
          {errorMessage(query.error, 'The proposed changes could not be loaded.')}
        </p>
      ) : query.data.items.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No changes wait for a decision.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {query.data.items.map((proposal) => (
            <ProposalCard key={proposal.id} proposal={proposal} onDecided={decided} />
          ))}
        </ul>
      )}
    </div>
  );
}
