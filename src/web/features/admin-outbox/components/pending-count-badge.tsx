import { useOutboxPendingCount } from '../api/get-outbox-jobs.ts';

/**
 * How many refunds and mails are waiting, for the admin menu's "Retry queue" link; nothing when
 * none are. Its own chunk, loaded by the admin layout, so the shop's first load stays small.
 */
export default function PendingCountBadge() {
  const pending = useOutboxPendingCount();
  if (pending === undefined || pending === 0) return null;
  return (
    <span className="rounded-full bg-amber-300 px-2 py-0.5 text-xs font-bold text-slate-950 tabular-nums">
      {pending.toLocaleString('en-IN')}
      <span className="sr-only"> waiting</span>
    </span>
  );
}
