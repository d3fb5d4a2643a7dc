import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { RETURN_STATUS_LABELS, RETURN_STATUSES, type ReturnStatus } from '#shared/returns.ts';
import { EmptyState, PagedList } from '#web/components/data-table/paged-list.tsx';
import { Announcer, type AnnouncerTone } from '#web/components/ui/alerts.tsx';
import { controlClassName, labelClassName } from '#web/components/ui/field.tsx';
import { readPage, searchOf, withParam } from '#web/lib/url-params.ts';
import { type ReturnsArea, useReturns } from '../api/returns.ts';
import { ReturnItem } from './return-item.tsx';

function isStatus(value: string | null): value is ReturnStatus {
  return value !== null && (RETURN_STATUSES as readonly string[]).includes(value);
}

/**
 * Returns to act on, newest request first: a seller's own lines, or (admins) every seller's. Each
 * shows what the customer said and sent, and the next steps its status allows: approve with a
 * pickup or reject with a reason, picked up, received (back to stock or not; a refund goes out at
 * once), or the replacement shipped. Every step is announced; the focus stays on the return.
 */
export function ReturnsPage({ area }: { area: ReturnsArea }) {
  const [params, setParams] = useSearchParams();
  const ids = useId();
  const status = isStatus(params.get('status')) ? (params.get('status') as ReturnStatus) : undefined;
  const query = useReturns(area, status, readPage(params));
  const [announcement, setAnnouncement] = useState<{ text: string; tone: AnnouncerTone }>({ text: '', tone: 'success' });

  return (
    <div className="mx-auto w-full max-w-5xl min-w-0">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Returns</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        {area === 'vendor' ? 'Returns customers asked for on items you sold' : 'Returns customers asked for, of every seller'}, newest
        first. Approve with a pickup or reject with a reason; when the item is back, say whether it can be sold again. A refund goes out as
        soon as it is marked received, with a GST credit note.
      </p>
      <div className="mt-4 max-w-xs">
        <label htmlFor={`${ids}-status`} className={labelClassName}>
          Show
        </label>
        <select
          id={`${ids}-status`}
          value={status ?? ''}
          onChange={(event) => setParams(withParam(withParam(params, 'status', event.target.value || undefined), 'page', undefined))}
          className={controlClassName}
        >
          <option value="">All returns</option>
          {RETURN_STATUSES.map((value) => (
            <option key={value} value={value}>
              {RETURN_STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <Announcer message={announcement.text} tone={announcement.tone} className="mt-4" />
      <div className="mt-4">
        <PagedList
          query={query}
          params={params}
          noun={['return', 'returns']}
          pagesLabel="Pages of returns"
          empty={
            <EmptyState
              title={status ? `No returns ${RETURN_STATUS_LABELS[status].toLowerCase()}` : 'No returns yet'}
              action={status ? { to: { search: searchOf(new URLSearchParams()) }, label: 'Show all returns' } : undefined}
            >
              Customers can ask to return an item within 10 days of its delivery.
            </EmptyState>
          }
        >
          {(page, summaryId) => (
            <ul aria-describedby={summaryId} className="space-y-4">
              {page.items.map((ret) => (
                <ReturnItem key={ret.id} area={area} ret={ret} onDone={(text, tone = 'success') => setAnnouncement({ text, tone })} />
              ))}
            </ul>
          )}
        </PagedList>
      </div>
    </div>
  );
}
