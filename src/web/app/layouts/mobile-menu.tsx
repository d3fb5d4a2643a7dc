import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';

const link = 'block rounded-lg px-3 py-2.5 text-base font-medium text-slate-800 hover:bg-slate-100';

/** The small-screen menu: Home, the three categories, information pages and account links. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
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
      <Dialog.Trigger className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 md:hidden">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
          <path fillRule="evenodd" d="M2 4.75A.75.75 0 0 1 2.75 4h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 4.75Zm0 5.25a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 10Zm.75 4.5a.75.75 0 0 0 0 1.5h14.5a.75.75 0 0 0 0-1.5H2.75Z" clipRule="evenodd" />
        </svg>
        Menu
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
            <Link to={paths.home()} className={link}>Home</Link>
            <Link to={paths.category('Laptop')} className={link}>Laptops</Link>
            <Link to={paths.category('Desktop')} className={link}>Desktops</Link>
            <Link to={paths.category('Monitor')} className={link}>Monitors</Link>
            <Link to={paths.products()} className={link}>All Products</Link>
            <hr className="my-2 border-slate-200" />
            <Link to={paths.about()} className={link}>About</Link>
            <Link to={paths.contact()} className={link}>Contact</Link>
            <hr className="my-2 border-slate-200" />
            {user ? (
              <>
                <Link to={paths.orders()} className={link}>My Orders</Link>
                <Link to={paths.account()} className={link}>My Account</Link>
                {user.role === 'vendor' && <Link to={paths.vendorDashboard()} className={link}>Vendor Dashboard</Link>}
              </>
            ) : (
              <>
                <Link to={paths.login()} className={link}>Login</Link>
                <Link to={paths.register()} className={link}>Register</Link>
                <Link to={paths.vendorLogin()} className={link}>Vendor Login</Link>
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
