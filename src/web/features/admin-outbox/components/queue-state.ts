import type { Filter } from '#web/components/data-table/filter-bar.tsx';
import type { AnnouncerTone } from '#web/components/ui/alerts.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { readPage } from '#web/lib/url-params.ts';
import type { AdminOutboxJob, OutboxKind, OutboxStatus } from '../api/get-outbox-jobs.ts';

/** How many jobs a page of the queue shows. */
export const PAGE_SIZE = 20;

/** `status` in the URL: absent means waiting jobs, what an admin opens this page for. */
export type StatusFilter = OutboxStatus | 'all';

/** The list's filters, each a URL parameter; no status means the waiting jobs. */
export const FILTERS: readonly Filter[] = [
  {
    kind: 'select',
    param: 'status',
    label: 'Status',
    anyLabel: 'Waiting',
    options: [
      { value: 'done', label: 'Done' },
      { value: 'all', label: 'All' },
    ],
  },
  {
    kind: 'select',
    param: 'kind',
    label: 'Kind',
    anyLabel: 'Refunds and mails',
    options: [
      { value: 'refund', label: 'Refunds' },
      { value: 'mail', label: 'Mails' },
    ],
  },
];

export interface ListState {
  status: StatusFilter;
  kind: OutboxKind | undefined;
  page: number;
}

/** The list's state as the URL holds it; anything unreadable falls back to the default. */
export function readState(params: URLSearchParams): ListState {
  const status = params.get('status');
  const kind = params.get('kind');
  return {
    status: status === 'done' || status === 'all' ? status : 'pending',
    kind: kind === 'refund' || kind === 'mail' ? kind : undefined,
    page: readPage(params),
  };
}

/** What the empty list says, for the filters chosen. */
export function emptyText({ status, kind }: ListState): { title: string; text: string } {
  const what = kind === 'refund' ? 'refund' : kind === 'mail' ? 'mail' : 'refund and mail';
  const plural = kind === 'refund' ? 'refunds' : kind === 'mail' ? 'mails' : 'refunds or mails';
  if (status === 'pending') return { title: 'Nothing is waiting', text: `Nothing is waiting: every ${what} has gone through.` };
  if (status === 'done')
    return {
      title: `No ${plural} done yet`,
      text: `${plural[0]!.toUpperCase()}${plural.slice(1)} appear here once they have gone through.`,
    };
  return {
    title: `No ${plural} yet`,
    text: `${plural[0]!.toUpperCase()}${plural.slice(1)} appear here as orders are paid, cancelled and refunded.`,
  };
}

export interface Announcement {
  message: string;
  tone: AnnouncerTone;
}

/** What a retry's answer means, in one sentence for the live region. */
export function retryAnnouncement(before: AdminOutboxJob, after: AdminOutboxJob): Announcement {
  if (after.status === 'done') return { tone: 'success', message: `Done: ${after.summary} went through on attempt ${after.attempts}.` };
  if (after.attempts === before.attempts)
    return { tone: 'warning', message: `${after.summary} is being tried right now by the automatic retry. Check again in a moment.` };
  return {
    tone: 'warning',
    message: `Still waiting: ${after.summary} failed again on attempt ${after.attempts}${after.lastError ? ` (${after.lastError})` : ''}. Next try ${formatDateTime(after.nextAttemptAt)}.`,
  };
}

export const NO_ANNOUNCEMENT: Announcement = { message: '', tone: 'success' };
