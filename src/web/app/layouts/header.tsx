import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { useCart } from '#web/features/cart/hooks/use-cart.ts';
import { useTakenOver } from '#web/lib/hydration.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { AccountButton, MenuButton } from './menu-buttons.tsx';
import { SearchBox } from './search-box.tsx';

// The menus are built on Radix (about 25 kB gzip) that no page needs for its first paint: they load
// right after it, behind stand-in buttons; a press on a stand-in opens its menu as soon as it arrives.
const UserMenu = lazy(() => import('./user-menu.tsx').then((module) => ({ default: module.UserMenu })));
const MobileMenu = lazy(() => import('./mobile-menu.tsx').then((module) => ({ default: module.MobileMenu })));

function AccountMenu() {
  const [pressed, setPressed] = useState(false);
  const takenOver = useTakenOver();
  // The server draws the stand-in alone (it would otherwise wait for the menu's code).
  if (!takenOver) return <AccountButton onClick={() => setPressed(true)} />;
  return (
    <Suspense fallback={<AccountButton onClick={() => setPressed(true)} />}>
      <UserMenu defaultOpen={pressed} />
    </Suspense>
  );
}

function SmallScreenMenu() {
  const [pressed, setPressed] = useState(false);
  const takenOver = useTakenOver();
  if (!takenOver) return <MenuButton onClick={() => setPressed(true)} />;
  return (
    <Suspense fallback={<MenuButton onClick={() => setPressed(true)} />}>
      <MobileMenu defaultOpen={pressed} />
    </Suspense>
  );
}

function CartLink() {
  const { itemCount } = useCart();
  return (
    <Link to={paths.cart()} className="relative inline-flex items-center rounded-lg p-2 text-slate-700 hover:bg-slate-100">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth={1.8}>
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M2.25 3h1.39c.51 0 .96.34 1.09.84l.38 1.44m0 0L6.6 12.6a1.5 1.5 0 0 0 1.46 1.15h8.7a1.5 1.5 0 0 0 1.45-1.1l1.8-6.35a.75.75 0 0 0-.72-.95H5.11ZM8.25 20.25a.75.75 0 1 0 0-1.5.75.75 0 0 0 0 1.5Zm9 0a.75.75 0 1 0 0-1.5.75.75 0 0 0 0 1.5Z"
        />
      </svg>
      {/* The name is the link's own text, so it holds the count it shows ("Cart 2 items"). */}
      <span className="sr-only">Cart </span>
      {itemCount > 0 && (
        <span
          id="cart-count"
          data-testid="cart-count"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-accent-500 px-1 text-center text-xs leading-5 font-bold text-slate-950"
        >
          {itemCount > 99 ? '99+' : itemCount}
          <span className="sr-only"> {itemCount === 1 ? 'item' : 'items'}</span>
        </span>
      )}
    </Link>
  );
}

const navLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-2.5 py-2 text-sm font-medium hover:bg-slate-100 ${isActive ? 'text-brand-700' : 'text-slate-700'}`;

export function Header() {
  const store = useStoreInfo();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:px-6">
        <Link to={paths.home()} className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-slate-900">
          <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
          <span>{store.name}</span>
        </Link>
        <SearchBox className="order-last w-full md:order-none md:mx-4 md:w-auto md:flex-1" />
        <nav aria-label="Main" className="ml-auto flex items-center gap-1 md:ml-0">
          <NavLink to={paths.about()} className={(s) => `hidden md:inline-flex ${navLink(s)}`}>
            About
          </NavLink>
          <NavLink to={paths.contact()} className={(s) => `hidden md:inline-flex ${navLink(s)}`}>
            Contact
          </NavLink>
          <div className="hidden md:block">
            <AccountMenu />
          </div>
          <CartLink />
          <SmallScreenMenu />
        </nav>
      </div>
      <nav aria-label="Categories" className="hidden border-t border-slate-100 md:block">
        <div className="mx-auto flex max-w-7xl gap-1 px-4 py-1.5 sm:px-6">
          <NavLink to={paths.category('Laptop')} className={navLink}>
            Laptops
          </NavLink>
          <NavLink to={paths.category('Desktop')} className={navLink}>
            Desktops
          </NavLink>
          <NavLink to={paths.category('Monitor')} className={navLink}>
            Monitors
          </NavLink>
          <NavLink to={paths.products()} end className={navLink}>
            All Products
          </NavLink>
        </div>
      </nav>
    </header>
  );
}
