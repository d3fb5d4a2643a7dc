import { Link } from 'react-router';
import type { VendorProfile } from '#shared/schemas/vendor.ts';
import { Checklist } from '#web/components/ui/checklist.tsx';
import { vendorPaths } from '../vendor-paths.ts';

const APPROVAL: Record<VendorProfile['status'], { label: string; text: string; tone: string }> = {
  pending: {
    label: 'Awaiting approval',
    text: 'Our team reviews new shops, usually within two business days. Your store page goes live once approved.',
    tone: 'bg-amber-50 text-amber-900 ring-amber-300',
  },
  active: {
    label: 'Approved',
    text: 'Your shop is live and customers can buy your products.',
    tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  },
  suspended: {
    label: 'Suspended',
    text: 'Your products are hidden from the store. Please contact seller support to resolve this.',
    tone: 'bg-red-50 text-red-800 ring-red-200',
  },
};

/** The shop's approval status (with what is still missing while it waits) and its public store's address. */
export function ShopStatus({ profile }: { profile: VendorProfile }) {
  const approval = APPROVAL[profile.status];
  const storePath = vendorPaths.store(profile.slug);
  return (
    <dl className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2 sm:p-5">
      <div className="min-w-0">
        <dt className="text-slate-600">Approval status</dt>
        <dd className="mt-1">
          <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${approval.tone}`}>
            {approval.label}
          </span>
          <p className="mt-1 text-slate-700">{approval.text}</p>
        </dd>
      </div>
      {profile.status === 'pending' && (
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-slate-600">Before we can approve your shop</dt>
          <dd className="mt-1.5">
            <Checklist items={profile.checklist} />
          </dd>
        </div>
      )}
      <div className="min-w-0">
        <dt className="text-slate-600">Your public store</dt>
        <dd className="mt-1">
          <Link to={storePath} className="font-semibold break-all text-brand-700 underline underline-offset-2 hover:text-brand-900">
            {storePath}
          </Link>
        </dd>
      </div>
    </dl>
  );
}
