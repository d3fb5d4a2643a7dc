import { Badge } from '#web/components/ui/badge.tsx';
import type { OutboxKind, OutboxStatus } from '../api/get-outbox-jobs.ts';

export const KIND_LABELS: Record<OutboxKind, string> = { refund: 'Refund', mail: 'Mail' };
const KIND_STYLES: Record<OutboxKind, string> = {
  refund: 'bg-violet-50 text-violet-900 ring-violet-300',
  mail: 'bg-sky-50 text-sky-900 ring-sky-300',
};

export function KindBadge({ kind }: { kind: OutboxKind }) {
  return <Badge tone={KIND_STYLES[kind]}>{KIND_LABELS[kind]}</Badge>;
}

export const STATUS_LABELS: Record<OutboxStatus, string> = { pending: 'Waiting', done: 'Done' };
const STATUS_STYLES: Record<OutboxStatus, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-300',
  done: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
};

export function StatusBadge({ status }: { status: OutboxStatus }) {
  return <Badge tone={STATUS_STYLES[status]}>{STATUS_LABELS[status]}</Badge>;
}
