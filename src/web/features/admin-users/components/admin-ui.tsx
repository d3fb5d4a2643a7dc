import type { Role } from '#shared/schemas/auth.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import type { AccountStatus, ShopStatus } from '../api/admin-users.ts';

export const ROLE_LABELS: Record<Role, string> = { customer: 'Customer', vendor: 'Vendor', admin: 'Admin' };
const ROLE_STYLES: Record<Role, string> = {
  customer: 'bg-slate-100 text-slate-800 ring-slate-300',
  vendor: 'bg-sky-50 text-sky-900 ring-sky-300',
  admin: 'bg-violet-50 text-violet-900 ring-violet-300',
};

export function RoleBadge({ role }: { role: Role }) {
  return <Badge tone={ROLE_STYLES[role]}>{ROLE_LABELS[role]}</Badge>;
}

export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = { active: 'Active', suspended: 'Suspended' };
const ACCOUNT_STATUS_STYLES: Record<AccountStatus, string> = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  suspended: 'bg-red-50 text-red-800 ring-red-300',
};

/** The account's status; the visible word is prefixed for screen readers, as shop and account badges sit side by side. */
export function AccountStatusBadge({ status }: { status: AccountStatus }) {
  return (
    <Badge tone={ACCOUNT_STATUS_STYLES[status]}>
      <span className="sr-only">Account&nbsp;</span>
      {ACCOUNT_STATUS_LABELS[status]}
    </Badge>
  );
}

export const SHOP_STATUS_LABELS: Record<ShopStatus, string> = { pending: 'Awaiting approval', active: 'Approved', suspended: 'Suspended' };
const SHOP_STATUS_STYLES: Record<ShopStatus, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-300',
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  suspended: 'bg-red-50 text-red-800 ring-red-300',
};

export function ShopStatusBadge({ status }: { status: ShopStatus }) {
  return (
    <Badge tone={SHOP_STATUS_STYLES[status]}>
      <span className="sr-only">Shop&nbsp;</span>
      {SHOP_STATUS_LABELS[status]}
    </Badge>
  );
}
