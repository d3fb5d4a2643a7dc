import { Link } from 'react-router';
import { PageMeta } from '#web/components/seo/page-meta.tsx';
import { LoadError } from '#web/components/ui/list-states.tsx';
import { Loading } from '#web/components/ui/loading.tsx';
import { paths } from '#web/config/paths.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { usePublicStore } from '../api/vendor-shop.ts';
import { formatMonthYear, plural } from '../format.ts';

const link = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900';

/** A shop's public page header: its name, how long it has sold here and how many products it lists. */
export default function PublicStoreHeader({ slug }: { slug: string }) {
  const marketplace = useStoreInfo();
  const store = usePublicStore(slug);

  if (store.isPending) return <Loading label="Loading the store…" />;

  if (store.isError) {
    if (store.error instanceof ApiError && store.error.status === 404) {
      return (
        <header className="py-6">
          <PageMeta title={`Store not found · ${marketplace.name}`} noindex />
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Store not found</h1>
          <p className="mt-2 text-slate-600">
            This store does not exist or is no longer selling on {marketplace.name}.{' '}
            <Link to={paths.products()} className={link}>
              Browse all products
            </Link>
          </p>
        </header>
      );
    }
    return (
      <LoadError
        what="this store"
        message={errorMessage(store.error, 'Please check your internet connection and try again.')}
        onRetry={() => void store.refetch()}
      />
    );
  }

  const { name, since, productCount } = store.data;
  return (
    <header className="min-w-0 py-6">
      <PageMeta
        title={`${name} · ${marketplace.name}`}
        description={`${name} sells laptops, desktops and monitors on ${marketplace.name}: ${plural(productCount, 'product', 'products')}, with GST invoices and delivery across India.`}
        canonical={paths.vendorStore(slug)}
      />
      <h1 className="text-2xl font-bold wrap-break-word text-slate-900 sm:text-3xl">{name}</h1>
      <p className="mt-1 flex flex-wrap gap-x-2 text-slate-600">
        <span>
          Selling on {marketplace.name} since <time dateTime={since}>{formatMonthYear(since)}</time>
        </span>
        <span aria-hidden="true">·</span>
        <span>{plural(productCount, 'product', 'products')}</span>
      </p>
    </header>
  );
}
