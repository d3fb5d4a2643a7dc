import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { AdminProductDetail } from '#shared/schemas/admin.ts';
import type { ProductStatus } from '#shared/schemas/catalog.ts';
import { formSectionClass } from '#web/components/product-form/product-fields.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { paths } from '#web/config/paths.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { errorMessage } from '../api/admin-products.ts';
import { useAdminProduct } from '../api/get-admin-product.ts';
import { EditForm } from './admin-product-edit-form.tsx';
import { ArchiveSection } from './archive-section.tsx';
import { ModerationActions } from './moderation-actions.tsx';
import { OFFLINE } from './offline.ts';
import { FeaturedBadge, HiddenBadge, StatusBadge } from './product-badges.tsx';
import { ProductHistory } from './product-history.tsx';
import { ProductSellers } from './product-sellers.tsx';

type Shop = AdminProductDetail['shop'];

/** Why the shop's products cannot be published now; null for an approved shop. */
function publishBlock(shop: Shop): string | null {
  if (shop.status === 'active') return null;
  return `${shop.name} ${shop.status === 'pending' ? 'is awaiting approval' : 'is suspended'}, so its products cannot be published.`;
}

/** Any vendor's product for the admin: edit it, change its status or archive it, hide it, and see its history. */
export default function AdminProductEditor({ id }: { id: number }) {
  const query = useAdminProduct(id);
  if (query.isPending) return <Loading label="Loading the product…" />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="mx-auto w-full max-w-4xl">
        <BackLink />
        <div role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
          <p className="font-semibold">{notFound ? 'We could not find this product.' : 'We could not load this product.'}</p>
          <p className="mt-1 text-sm">{notFound ? 'It may have been deleted by its vendor.' : errorMessage(query.error, OFFLINE)}</p>
          {!notFound && (
            <button type="button" className={`${buttonClass('secondary')} mt-3`} onClick={() => void query.refetch()}>
              Try again
            </button>
          )}
        </div>
      </div>
    );
  }
  return <EditorPage key={id} detail={query.data} />;
}

function BackLink() {
  return (
    <p className="text-sm">
      <Link to={paths.adminProducts()} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
        Manage Products
      </Link>
    </p>
  );
}

function EditorPage({ detail }: { detail: AdminProductDetail }) {
  const { product, shop, audit } = detail;
  const ids = useId();
  const [notice, setNotice] = useState('');
  // The status chosen in the form; the archive buttons below set it too, so a later save keeps their choice.
  const [status, setStatus] = useState<ProductStatus>(product.status);
  const blocked = product.status !== 'active' ? publishBlock(shop) : null;
  const inStore =
    product.status === 'active' && product.review.status === 'approved' && product.hiddenReason === null && shop.status === 'active';

  return (
    <div className="mx-auto w-full max-w-4xl">
      <title>{`Edit ${product.name} · Admin`}</title>
      <BackLink />
      <h1 className="mt-1 text-2xl font-bold wrap-break-word text-slate-900">Edit {product.name}</h1>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <StatusBadge status={product.status} review={product.review.status} />
        {product.featured && <FeaturedBadge />}
        {product.hiddenReason !== null && <HiddenBadge reason={product.hiddenReason} />}
      </div>
      <p className="mt-2 text-sm wrap-break-word text-slate-700">
        Sold by{' '}
        <Link
          to={`/store/${encodeURIComponent(shop.slug)}`}
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          {shop.name}
        </Link>
        {shop.status !== 'active' && (
          <span className="font-medium text-amber-900"> · shop {shop.status === 'pending' ? 'awaiting approval' : 'suspended'}</span>
        )}
        {inStore && (
          <>
            {' · '}
            <Link to={paths.product(product.id)} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
              View in store
            </Link>
          </>
        )}
      </p>

      <p
        role="status"
        aria-live="polite"
        className={
          notice
            ? 'mt-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium wrap-break-word text-emerald-900'
            : 'sr-only'
        }
      >
        {notice}
      </p>

      <EditForm detail={detail} status={status} onStatus={setStatus} blocked={blocked} onSaved={setNotice} />

      <ArchiveSection
        detail={detail}
        blocked={blocked}
        onChanged={(saved, message) => {
          setStatus(saved.product.status);
          setNotice(message);
        }}
      />

      <ProductSellers detail={detail} />

      <section aria-labelledby={`${ids}-moderation`} className={`${formSectionClass} mt-6`}>
        <h2 id={`${ids}-moderation`} className="text-lg font-semibold text-slate-900">
          Moderation
        </h2>
        <p className="mt-1 mb-3 text-sm text-slate-600">
          {product.hiddenReason !== null
            ? 'Hidden from the store whatever its status; the vendor sees the reason. Restore it once the listing is fixed.'
            : 'Hiding takes the product off the store at once, whatever its status, with a reason the vendor sees.'}
        </p>
        <ModerationActions product={product} onModerated={(_result, message) => setNotice(message)} />
        {detail.moderationReplies.length > 0 && (
          <>
            <h3 className="mt-4 font-semibold text-slate-900">The seller’s replies</h3>
            <ol className="mt-2 space-y-2">
              {detail.moderationReplies.map((reply) => (
                <li key={reply.id} className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
                  <p className="text-xs text-slate-600">
                    {reply.vendor}, <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt)}</time>, about “{reply.hiddenReason}”
                    {reply.asksReview && <span className="ml-1 font-semibold text-amber-900">· asks for a review</span>}
                  </p>
                  <p className="mt-0.5 wrap-break-word whitespace-pre-line text-slate-900">{reply.message}</p>
                </li>
              ))}
            </ol>
          </>
        )}
      </section>

      <div className="mt-6">
        <ProductHistory entries={audit} headingId={`${ids}-history`} />
      </div>
    </div>
  );
}
