import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { formatPrice } from '#shared/money.ts';
import { AdminProductListSchema, type AdminProposal, AdminProposalListSchema } from '#shared/schemas/admin.ts';
import { columnsOf, type DataColumn, DataTable } from '#web/components/data-table/data-table.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { controlClassName, Field } from '#web/components/ui/field.tsx';
import { Loading } from '#web/components/ui/loading.tsx';
import { paths } from '#web/config/paths.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { type AdminProduct, adminProductKeys, errorMessage } from '../api/admin-products.ts';

const proposalKeys = { pending: ['admin-products', 'proposals', 'pending'] as const };

function useDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin-products', 'proposal-decision'],
    mutationFn: ({ id, decision, reason }: { id: number; decision: 'approve' | 'reject'; reason?: string }) =>
      apiRequest(`/admin/proposals/${id}/decision`, {
        method: 'POST',
        body: { decision, ...(reason ? { reason } : {}) },
        schema: z.null(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminProductKeys.all }),
  });
}

/** The fields a proposal changes, as label, now and proposed. */
function differences(proposal: AdminProposal): Change[] {
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

/** Approve, or reject with a reason the seller sees (asked for, with focus on it, when missing). */
function DecisionForm({
  labelledBy,
  pending,
  error,
  onApprove,
  onReject,
}: {
  labelledBy: string;
  pending: boolean;
  error: unknown;
  onApprove: () => void;
  onReject: (reason: string) => void;
}) {
  const ids = useId();
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
    onReject(reason.trim());
  }

  return (
    <>
      <form onSubmit={reject} noValidate className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end" aria-labelledby={labelledBy}>
        <button type="button" disabled={pending} onClick={onApprove} className={buttonClass('primary')}>
          Approve
        </button>
        <Field id={`${ids}-reason`} label="Reason to reject (the seller sees it)" error={problem} className="flex-1">
          {(describedBy) => (
            <input
              id={`${ids}-reason`}
              ref={reasonInput}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={describedBy}
              className={controlClassName}
            />
          )}
        </Field>
        <button type="submit" disabled={pending} className={buttonClass('secondary')}>
          Reject
        </button>
      </form>
      {error !== null && error !== undefined && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {errorMessage(error, 'The decision could not be saved. Please try again.')}
        </p>
      )}
    </>
  );
}

type Change = [field: string, now: string, proposed: string];
const change = columnsOf<Change>();
const CHANGE_COLUMNS: DataColumn<Change>[] = [
  change.accessor((row) => row[0], {
    id: 'field',
    header: 'Field',
    meta: { rowHeader: true, cellClassName: 'font-medium text-slate-700' },
  }),
  change.accessor((row) => row[1], { id: 'now', header: 'Now', meta: { cellClassName: 'break-words text-slate-600' } }),
  change.accessor((row) => row[2], { id: 'proposed', header: 'Proposed', meta: { cellClassName: 'break-words text-slate-900' } }),
];

function ProposalCard({ proposal, onDecided }: { proposal: AdminProposal; onDecided: (message: string) => void }) {
  const ids = useId();
  const decide = useDecision();
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h3 id={`${ids}-title`} className="font-semibold text-slate-900">
        <Link to={paths.adminProduct(proposal.product.id)} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {proposal.product.name}
        </Link>
      </h3>
      <p className="text-sm text-slate-600">
        Proposed by {proposal.vendor.name} on {formatDateTime(proposal.createdAt)}
      </p>
      <div className="mt-3">
        <DataTable
          label={`Changes to ${proposal.product.name}`}
          columns={CHANGE_COLUMNS}
          rows={differences(proposal)}
          rowId={([label]) => label}
          minWidth="min-w-md"
        />
      </div>
      <DecisionForm
        labelledBy={`${ids}-title`}
        pending={decide.isPending}
        error={decide.error}
        onApprove={() =>
          decide.mutate(
            { id: proposal.id, decision: 'approve' },
            { onSuccess: () => onDecided(`Approved: ${proposal.product.name} now shows ${proposal.vendor.name}'s change.`) },
          )
        }
        onReject={(reason) =>
          decide.mutate(
            { id: proposal.id, decision: 'reject', reason },
            { onSuccess: () => onDecided(`Rejected ${proposal.vendor.name}'s change to ${proposal.product.name}.`) },
          )
        }
      />
    </li>
  );
}

function useReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin-products', 'review'],
    mutationFn: ({ id, decision, reason }: { id: number; decision: 'approve' | 'reject'; reason?: string }) =>
      // The product's detail it answers with is not read here: the lists are fetched again.
      apiRequest(`/admin/products/${id}/review`, {
        method: 'POST',
        body: { decision, ...(reason ? { reason } : {}) },
        schema: z.unknown(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminProductKeys.all }),
  });
}

/** A seller's new listing waiting for approval: open it to check it whole, then approve or reject. */
function NewListingCard({ product, onDecided }: { product: AdminProduct; onDecided: (message: string) => void }) {
  const ids = useId();
  const review = useReview();
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h3 id={`${ids}-title`} className="font-semibold text-slate-900">
        <Link to={paths.adminProduct(product.id)} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {product.name}
        </Link>
      </h3>
      <p className="text-sm text-slate-600">
        {product.brand} · {product.category} · {formatPrice(product.price)} · listed by {product.vendor.name} · changed{' '}
        {formatDateTime(product.updatedAt)}
      </p>
      <DecisionForm
        labelledBy={`${ids}-title`}
        pending={review.isPending}
        error={review.error}
        onApprove={() =>
          review.mutate(
            { id: product.id, decision: 'approve' },
            { onSuccess: () => onDecided(`Approved: ${product.name} is in the store.`) },
          )
        }
        onReject={(reason) =>
          review.mutate(
            { id: product.id, decision: 'reject', reason },
            { onSuccess: () => onDecided(`Rejected ${product.name}; ${product.vendor.name} sees why.`) },
          )
        }
      />
    </li>
  );
}

/**
 * What waits for the marketplace: sellers' new listings, and their proposed changes to the details
 * of products other sellers also sell (each changed field now and proposed), the oldest first.
 */
export default function ProductProposals() {
  const proposals = useQuery({
    queryKey: proposalKeys.pending,
    queryFn: ({ signal }) => apiRequest('/admin/proposals?status=pending', { schema: AdminProposalListSchema, signal }),
  });
  const listings = useQuery({
    queryKey: [...adminProductKeys.all, 'awaiting-review'],
    queryFn: ({ signal }) => apiRequest('/admin/products?status=review&pageSize=50', { schema: AdminProductListSchema, signal }),
  });
  const [notice, setNotice] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const decided = (message: string) => {
    setNotice(message);
    // The card is gone: focus goes back to the page's heading, which the notice follows.
    heading.current?.focus();
  };
  const section = (title: string, query: typeof proposals | typeof listings, empty: string, list: () => ReactNode) => (
    <section aria-label={title} className="mt-8">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {query.isPending ? (
        <Loading label={`Loading ${title.toLowerCase()}…`} />
      ) : query.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {errorMessage(query.error, 'They could not be loaded.')}
        </p>
      ) : (
        (list() ?? <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">{empty}</p>)
      )}
    </section>
  );

  return (
    <div className="mx-auto w-full max-w-4xl">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none">
        Product changes
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        New listings, and changes sellers propose to the details of products other sellers also sell. Approved, shoppers see them.
      </p>
      <p
        role="status"
        className={
          notice ? 'mt-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900' : 'sr-only'
        }
      >
        {notice}
      </p>
      {section('New listings', listings, 'No new listing waits for approval.', () =>
        listings.data && listings.data.items.length > 0 ? (
          <ul className="mt-3 space-y-4">
            {listings.data.items.map((product) => (
              <NewListingCard key={product.id} product={product} onDecided={decided} />
            ))}
          </ul>
        ) : undefined,
      )}
      {section('Changes to shared products', proposals, 'No change waits for a decision.', () =>
        proposals.data && proposals.data.items.length > 0 ? (
          <ul className="mt-3 space-y-4">
            {proposals.data.items.map((proposal) => (
              <ProposalCard key={proposal.id} proposal={proposal} onDecided={decided} />
            ))}
          </ul>
        ) : undefined,
      )}
    </div>
  );
}
