import AddressBook from '#web/features/account/components/address-book.tsx';
import { ChangePasswordForm } from '#web/features/account/components/change-password-form.tsx';
import { SignOutEverywhere } from '#web/features/account/components/sign-out-everywhere.tsx';
import { VerifyEmailNotice } from '#web/features/account/components/verify-email-notice.tsx';
import { YourData } from '#web/features/account/components/your-data.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { ROLE_LABELS } from '#web/features/auth/roles.ts';
import { formatDate } from '#web/lib/format.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';

function AccountSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">{children}</div>
    </section>
  );
}

export default function AccountRoute() {
  const { user } = useAuth();
  const store = useStoreInfo();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <title>{`My account · ${store.name}`}</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My account</h1>
      <dl className="mt-4 grid gap-3 rounded-xl border border-slate-200 bg-white p-5 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">Name</dt>
          <dd className="font-medium text-slate-900">{user.name}</dd>
        </div>
        <div>
          <dt className="text-slate-500">E-mail</dt>
          <dd className="font-medium break-all text-slate-900">
            {user.email}
            <span className="block text-xs font-normal text-slate-500">{user.emailVerified ? 'Verified' : 'Not verified yet'}</span>
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Account</dt>
          <dd className="font-medium text-slate-900">
            {ROLE_LABELS[user.role]} since {formatDate(user.createdAt)}
          </dd>
        </div>
      </dl>
      {user.emailVerified ? null : <VerifyEmailNotice email={user.email} />}
      <div className="mt-8">
        <AddressBook />
      </div>
      <AccountSection id="account-security" title="Password and sign-in">
        <div className="grid gap-8 md:grid-cols-2">
          <div>
            <h3 className="mb-3 font-semibold text-slate-900">Change password</h3>
            <ChangePasswordForm />
          </div>
          <div className="border-t border-slate-200 pt-6 md:border-t-0 md:border-l md:pt-0 md:pl-8">
            <h3 className="mb-3 font-semibold text-slate-900">Signed in elsewhere?</h3>
            <SignOutEverywhere />
          </div>
        </div>
      </AccountSection>
      <AccountSection id="account-data" title="Your data">
        <YourData role={user.role} storeName={store.name} />
      </AccountSection>
    </div>
  );
}
