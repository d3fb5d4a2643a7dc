import { Link } from 'react-router';
import { PageMeta } from '#web/components/seo/page-meta.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';

export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <PageMeta title="Page not found" noindex />
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">Page not found</h1>
      <p className="mt-3 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={paths.home()} className={buttonClass('primary')}>
          Go to the home page
        </Link>
        <Link to={paths.products()} className={buttonClass('secondary')}>
          Browse all products
        </Link>
      </div>
    </div>
  );
}
