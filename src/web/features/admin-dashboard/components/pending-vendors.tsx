import { useId } from 'react';
import { Link } from 'react-router';
import type { AdminDashboard as Dashboard } from '#shared/schemas/admin.ts';
import { formatDate } from '../format.ts';
import { card, emptyText, heading, link } from './dashboard-styles.ts';

const userPath = (uid: string) => `/admin/users/${encodeURIComponent(uid)}`;

/** The vendors waiting for an admin's approval, each linked to its user page. */
export function PendingVendors({ vendors }: { vendors: Dashboard['pendingVendors'] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={card}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={headingId} className={heading}>
          Vendors awaiting approval
        </h2>
        <Link to="/admin/users?pendingVendors=true" className={link}>
          Review all
        </Link>
      </div>
      {vendors.length === 0 ? (
        <p className={emptyText}>No vendors are waiting for approval.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {vendors.map((vendor) => (
            <li key={vendor.uid} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2">
              <div className="min-w-0">
                <Link to={userPath(vendor.uid)} className={`${link} wrap-break-word`}>
                  {vendor.shop}
                </Link>
                <p className="text-sm wrap-break-word text-slate-700">
                  {vendor.owner} · <span className="break-all">{vendor.email}</span>
                </p>
              </div>
              <span className="ml-auto text-sm whitespace-nowrap text-slate-600">
                since <time dateTime={vendor.since}>{formatDate(vendor.since)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
