import type { ComponentPropsWithRef } from 'react';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';

/**
 * The header's account and menu buttons. The Radix menus behind them load on demand (header.tsx), so each
 * button is drawn twice with the same look and name: as a stand-in until the menu arrives, then as its trigger.
 */
export function AccountButton(props: ComponentPropsWithRef<'button'>) {
  const { user } = useAuth();
  const firstName = user?.name.split(' ')[0] || user?.email;
  return (
    <button
      type="button"
      aria-label={user ? `Account: ${user.name || user.email}` : 'Account'}
      className="inline-flex max-w-40 items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100"
      {...props}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0" fill="currentColor">
        <path d="M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0H3Z" />
      </svg>
      <span className="truncate">{user ? firstName : 'Account'}</span>
    </button>
  );
}

export function MenuButton(props: ComponentPropsWithRef<'button'>) {
  return (
    <button
      type="button"
      className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 md:hidden"
      {...props}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
        <path
          fillRule="evenodd"
          d="M2 4.75A.75.75 0 0 1 2.75 4h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 4.75Zm0 5.25a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 10Zm.75 4.5a.75.75 0 0 0 0 1.5h14.5a.75.75 0 0 0 0-1.5H2.75Z"
          clipRule="evenodd"
        />
      </svg>
      Menu
    </button>
  );
}
