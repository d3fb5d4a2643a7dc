import { Link } from 'react-router';
import { indiaDate } from '#shared/india-time.ts';
import { PAYMENT_METHODS } from '#shared/store-info.ts';
import { paths } from '#web/config/paths.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';

const FOOTER_LINKS = [
  { to: paths.home(), label: 'Home' },
  { to: paths.products(), label: 'All Products' },
  { to: paths.category('Laptop'), label: 'Laptops' },
  { to: paths.category('Desktop'), label: 'Desktops' },
  { to: paths.category('Monitor'), label: 'Monitors' },
  { to: paths.orders(), label: 'Order Tracking' },
  { to: paths.returns(), label: 'Returns & Refunds' },
  { to: paths.privacy(), label: 'Privacy Policy' },
  { to: paths.terms(), label: 'Terms & Conditions' },
];

export function Footer() {
  const store = useStoreInfo();
  const telephone = `tel:${store.phone.replace(/[^\d+]/g, '')}`;
  return (
    <footer className="mt-12 border-t border-slate-200 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{store.name}</p>
          <p className="mt-2 text-sm">{store.tagline}.</p>
          <p className="mt-2 text-sm">Trading since {store.tradingSince}.</p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Shop and help</h2>
          <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className="hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-4 text-sm">
          <div>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">We accept</h2>
            <ul className="mt-2 flex flex-wrap gap-2" aria-label="Accepted payment methods">
              {PAYMENT_METHODS.map((method) => (
                <li key={method} className="rounded-md border border-slate-600 px-2 py-1 text-xs font-semibold text-slate-100">
                  {method}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact us</h2>
            <address className="mt-2 space-y-1 not-italic">
              <p>{store.address}</p>
              <p>
                Phone:{' '}
                <a href={telephone} className="hover:text-white hover:underline">
                  {store.phone}
                </a>
              </p>
              <p>
                E-mail:{' '}
                <a href={`mailto:${store.supportEmail}`} className="hover:text-white hover:underline">
                  {store.supportEmail}
                </a>
              </p>
            </address>
          </div>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-slate-400 sm:px-6">
          © {indiaDate(new Date()).slice(0, 4)} {store.legalName}. GSTIN {store.gstin}. All prices in ₹ and inclusive of GST.
        </p>
      </div>
    </footer>
  );
}
