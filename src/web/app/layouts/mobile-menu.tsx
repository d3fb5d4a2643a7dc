import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { MenuButton } from './menu-buttons.tsx';

const link = 'block rounded-lg px-3 py-2.5 text-base font-medium text-slate-800 hover:bg-slate-100';

/** The small-screen menu: Home, the three categories, information pages and account links. */
export function MobileMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const store = useStoreInfo();
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const close = () => setOpen(false);
  async function logout() {
    close();
    try {
      await signOut();
    } finally {
      await navigate(paths.home());
    }
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <MenuButton />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col overflow-y-auto bg-white p-4 shadow-xl">
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold text-slate-900">Menu</Dialog.Title>
            <Dialog.Close className="rounded-lg px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100">Close</Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
            {user ? `Welcome, ${user.name || user.email}!` : `Welcome to ${store.name}! Sign in for orders and faster checkout.`}
          </Dialog.Description>
          <nav aria-label="Mobile" className="mt-4 space-y-1" onClick={close}>
            <Link to={paths.home()} className={link}>
              Home
            </Link>
            <Link to={paths.category('Laptop')} className={link}>
              Laptops
            </Link>
            <Link to={paths.category('Desktop')} className={link}>
              Desktops
            </Link>
            <Link to={paths.category('Monitor')} className={link}>
              Monitors
            </Link>
            <Link to={paths.products()} className={link}>
              All Products
            </Link>
            <hr className="my-2 border-slate-200" />
            <Link to={paths.about()} className={link}>
              About
            </Link>
            <Link to={paths.contact()} className={link}>
              Contact
            </Link>
            <hr className="my-2 border-slate-200" />
            {user ? (
              <>
                <Link to={paths.orders()} className={link}>
                  My Orders
                </Link>
                <Link to={paths.account()} className={link}>
                  My Account
                </Link>
                {user.role === 'customer' && (
                  <Link to={paths.wishlist()} className={link}>
                    My Wishlist
                  </Link>
                )}
                {user.role === 'vendor' && (
                  <Link to={paths.vendorDashboard()} className={link}>
                    Vendor Dashboard
                  </Link>
                )}
              </>
            ) : (
              <>
                <Link to={paths.login()} className={link}>
                  Login
                </Link>
                <Link to={paths.register()} className={link}>
                  Register
                </Link>
                <Link to={paths.vendorLogin()} className={link}>
                  Vendor Login
                </Link>
              </>
            )}
          </nav>
          {user && (
            <button type="button" onClick={() => void logout()} className={`${link} mt-1 w-full text-left`}>
              Logout
            </button>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
