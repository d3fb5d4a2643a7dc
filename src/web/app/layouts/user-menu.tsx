import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link, useNavigate } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { ROLE_LABELS } from '#web/features/auth/roles.ts';
import { AccountButton } from './menu-buttons.tsx';

const item =
  'block w-full rounded-md px-3 py-2 text-left text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800';

/** Signed out: Login, Register, Vendor Login. Signed in: who, role, My Orders, (Vendor Dashboard), Logout. */
export function UserMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();

  async function logout() {
    try {
      await signOut();
    } finally {
      await navigate(paths.home());
    }
  }

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <AccountButton />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          {user ? (
            <>
              <DropdownMenu.Label className="px-3 py-2">
                <span className="block truncate text-sm font-semibold text-slate-900">{user.name || user.email}</span>
                <span className="block text-xs text-slate-500">{ROLE_LABELS[user.role]}</span>
              </DropdownMenu.Label>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
              <DropdownMenu.Item asChild>
                <Link to={paths.orders()} className={item}>
                  My Orders
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild>
                <Link to={paths.account()} className={item}>
                  My Account
                </Link>
              </DropdownMenu.Item>
              {user.role === 'customer' && (
                <DropdownMenu.Item asChild>
                  <Link to={paths.wishlist()} className={item}>
                    My Wishlist
                  </Link>
                </DropdownMenu.Item>
              )}
              {user.role === 'vendor' && (
                <DropdownMenu.Item asChild>
                  <Link to={paths.vendorDashboard()} className={item}>
                    Vendor Dashboard
                  </Link>
                </DropdownMenu.Item>
              )}
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
              <DropdownMenu.Item className={item} onSelect={() => void logout()}>
                Logout
              </DropdownMenu.Item>
            </>
          ) : (
            <>
              <DropdownMenu.Item asChild>
                <Link to={paths.login()} className={item}>
                  Login
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild>
                <Link to={paths.register()} className={item}>
                  Register
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
              <DropdownMenu.Item asChild>
                <Link to={paths.vendorLogin()} className={item}>
                  Vendor Login
                </Link>
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
