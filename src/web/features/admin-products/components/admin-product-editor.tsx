import { useCallback, useId, useState } from 'react';
import { Link } from 'react-router';
import type { AdminProductDetail } from '#shared/schemas/admin.ts';
import type { ProductStatus } from '#shared/schemas/catalog.ts';
import { IMAGE_REQUIRED_MESSAGE, publishesWithoutImage } from '#shared/schemas/vendor.ts';
import { formLegendClass, formSectionClass, placeServerIssues, productFieldId, ProductFieldsets, SaveProblemAlert, useProductForm, type SaveProblem } from '#web/components/product-form/product-fields.tsx';
import { ImageManager } from '#web/components/product-form/image-manager.tsx';
import { stockNote, toFormValues, type ProductFields } from '#web/components/product-form/product-form.ts';
import { useProductImages, type UploadImage } from '#web/components/product-form/use-product-images.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { TextAreaControl } from '#web/components/form/form-fields.tsx';
import { Loading } from '#web/components/ui/loading.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { paths } from '#web/config/paths.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { errorMessage } from '../api/admin-products.ts';
import { useAdminProduct } from '../api/get-admin-product.ts';
import { useSetAdminProductStatus } from '../api/set-admin-product-status.ts';
import { useUpdateAdminProduct } from '../api/update-admin-product.ts';
import { uploadAdminProductImage } from '../api/upload-admin-product-image.ts';
import { PRODUCT_STATUS_NAMES } from '#web/components/audit/audit-changes.ts';
import { ModerationActions } from './moderation-actions.tsx';
import { FeaturedBadge, HiddenBadge, StatusBadge } from './product-badges.tsx';
import { ProductHistory } from './product-history.tsx';
import { ProductSellers } from './product-sellers.tsx';

const NOTE_MAX = 500;
const OFFLINE = 'Please check your internet connection and try again.';

const STATUS_CHOICES: ReadonlyArray<{ value: ProductStatus; hint: string }> = [
  { value: 'active', hint: 'Published in the store: shoppers can find and buy it.' },
  { value: 'draft', hint: 'Off the store; the vendor can keep working on it.' },
  { value: 'archived', hint: 'Off the store, with its order history kept. It can be brought back.' },
];

const SAVED: Record<ProductStatus, string> = {
  active: 'Saved. The product is published.',
  draft: 'Saved. The product is a draft and not in the store.',
  archived: 'Saved. The product is archived and not in the store.',
};

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
  const inStore = product.status === 'active' && product.review.status === 'approved' && product.hiddenReason === null && shop.status === 'active';

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
        <Link to={`/store/${encodeURIComponent(shop.slug)}`} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {shop.name}
        </Link>
        {shop.status !== 'active' && <span className="font-medium text-amber-900"> · shop {shop.status === 'pending' ? 'awaiting approval' : 'suspended'}</span>}
        {inStore && (
          <>
            {' · '}
            <Link to={paths.product(product.id)} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
              View in store
            </Link>
          </>
        )}
      </p>

      <p role="status" aria-live="polite" className={notice ? 'mt-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium wrap-break-word text-emerald-900' : 'sr-only'}>
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

interface EditFormProps {
  detail: AdminProductDetail;
  status: ProductStatus;
  onStatus: (status: ProductStatus) => void;
  /** Why publishing is refused, if it is. */
  blocked: string | null;
  onSaved: (message: string) => void;
}

function EditForm({ detail, status, onStatus, blocked, onSaved }: EditFormProps) {
  const { product } = detail;
  const idPrefix = useId();
  const [note, setNote] = useState('');
  const [featured, setFeatured] = useState(product.featured);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const update = useUpdateAdminProduct();
  const form = useProductForm(product);
  const upload = useCallback<UploadImage>((file, options) => uploadAdminProductImage(product.id, file, options), [product.id]);
  const imageState = useProductImages(product.images, upload);
  const { handleSubmit, reset, setError, setValue, formState, category } = form;
  const { errors, isSubmitting } = formState;
  const blockedId = `${idPrefix}-blocked`;
  const featuredHintId = `${idPrefix}-featured-hint`;

  // The SKU is the vendor's own stock code and stays as it is. stockWas (the stock the form was
  // filled from) lets the server keep units sold while the form was open.
  const save = async ({ sku: _sku, stockWas = product.stock, ...fields }: ProductFields) => {
    setProblem(null);
    onSaved('');
    if (imageState.uploading) {
      setProblem({ message: 'Please wait for the images to finish uploading, then save again.', more: [] });
      return;
    }
    if (publishesWithoutImage({ status, images: imageState.images }, product)) {
      // The server refuses it too (422); said here at once, with the keyboard on "Add images".
      setProblem({ message: IMAGE_REQUIRED_MESSAGE, more: [] });
      document.getElementById(`${productFieldId(idPrefix, 'images')}-files`)?.focus();
      return;
    }
    const lastEntry = detail.audit[0]?.id;
    try {
      const saved = await update.mutateAsync({ id: product.id, input: { ...fields, images: imageState.images, stockWas, featured, status, reason: note.trim() || undefined } });
      reset(toFormValues(saved.product));
      imageState.reset(saved.product.images);
      onStatus(saved.product.status);
      setFeatured(saved.product.featured);
      setNote('');
      const stock = stockNote(fields.stock, stockWas, saved.product.stock);
      onSaved(saved.audit[0]?.id === lastEntry ? 'Nothing had changed, so nothing was saved.' : `${SAVED[saved.product.status]}${stock ? ` ${stock}` : ''}`);
    } catch (error) {
      setProblem(placeServerIssues(error, category, { setError, setValue }, `We could not save the product. ${OFFLINE}`));
    }
  };

  const rootError = errors.root?.message;

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(save)(event)} aria-label={`Edit ${product.name}`} className="mt-6 space-y-6">
      <ProductFieldsets form={form} category={category} withSku={false} />

      <fieldset className={formSectionClass}>
        <legend className={formLegendClass}>Images</legend>
        <div className="clear-both pt-4">
          <ImageManager id={productFieldId(idPrefix, 'images')} state={imageState} />
        </div>
      </fieldset>

      <fieldset className={formSectionClass} aria-describedby={blocked ? blockedId : undefined}>
        <legend className={formLegendClass}>Status</legend>
        <div className="clear-both space-y-2 pt-4">
          {STATUS_CHOICES.map((choice) => {
            const disabled = choice.value === 'active' && blocked !== null;
            return (
              <label
                key={choice.value}
                className={`flex min-w-0 items-start gap-3 rounded-lg border p-3 ${status === choice.value ? 'border-brand-500 bg-brand-50' : 'border-slate-200'} ${disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer'}`}
              >
                <input
                  type="radio"
                  name={`${idPrefix}-status`}
                  value={choice.value}
                  checked={status === choice.value}
                  disabled={disabled}
                  onChange={() => onStatus(choice.value)}
                  className="mt-0.5 size-4 shrink-0 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                />
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{PRODUCT_STATUS_NAMES[choice.value]}</span>
                  <span className="block text-sm text-slate-600">{choice.hint}</span>
                </span>
              </label>
            );
          })}
          {blocked && (
            <p id={blockedId} className="text-sm wrap-break-word text-amber-900">
              {blocked} Save it as a draft, or archive it.
            </p>
          )}
        </div>
      </fieldset>

      <fieldset className={formSectionClass}>
        <legend className={formLegendClass}>Home page</legend>
        <div className="clear-both flex min-w-0 items-start gap-3 pt-4">
          <input
            id={`${idPrefix}-featured`}
            type="checkbox"
            checked={featured}
            onChange={(event) => setFeatured(event.target.checked)}
            aria-describedby={featuredHintId}
            className="mt-0.5 size-4 shrink-0 cursor-pointer accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          />
          <div className="min-w-0">
            <label htmlFor={`${idPrefix}-featured`} className="block cursor-pointer font-medium text-slate-900">
              Feature on the home page
            </label>
            <p id={featuredHintId} className="text-sm text-slate-600">
              The store’s pick, shown among the featured products while the product is published. Only admins can change this.
            </p>
          </div>
        </div>
      </fieldset>

      <div className={formSectionClass}>
        <TextAreaControl
          label="Note for the audit log"
          optional
          hint="Why you made this change, for other admins. The vendor does not see it."
          rows={2}
          maxLength={NOTE_MAX}
          value={note}
          onChange={setNote}
        />
      </div>

      {(problem ?? rootError) && <SaveProblemAlert problem={problem ?? { message: rootError ?? '', more: [] }} />}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <button type="submit" disabled={isSubmitting || imageState.uploading} className={`${buttonClass('primary')} w-full sm:w-auto`}>
          {isSubmitting ? 'Saving…' : 'Save changes'}
        </button>
        <p className="text-sm text-slate-600">Every change is kept in the product’s history below.</p>
      </div>
    </form>
  );
}

interface ArchiveSectionProps {
  detail: AdminProductDetail;
  blocked: string | null;
  onChanged: (saved: AdminProductDetail, message: string) => void;
}

/** One step to archive the product, or to bring an archived one back as a draft or published. */
function ArchiveSection({ detail, blocked, onChanged }: ArchiveSectionProps) {
  const { product } = detail;
  const ids = useId();
  const change = useSetAdminProductStatus();
  const archived = product.status === 'archived';

  const set = (status: ProductStatus, message: string) => {
    change.mutate({ id: product.id, status }, { onSuccess: (saved) => onChanged(saved, message) });
  };
  const pendingLabel = (status: ProductStatus, idle: string) => (change.isPending && change.variables.status === status ? 'Saving…' : idle);

  return (
    <section aria-labelledby={`${ids}-heading`} className={`${formSectionClass} mt-6`}>
      <h2 id={`${ids}-heading`} className="text-lg font-semibold text-slate-900">
        {archived ? 'Bring back' : 'Archive'}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {archived
          ? 'This product is archived: shoppers cannot see or buy it. Bring it back as a draft, or publish it again.'
          : 'Archiving takes the product off the store at once and keeps its order history. It can be brought back later.'}
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {archived ? (
          <>
            <button type="button" disabled={change.isPending} onClick={() => set('draft', 'Brought back as a draft. It is not in the store yet.')} className={`${buttonClass('secondary')} w-full sm:w-auto`}>
              {pendingLabel('draft', 'Bring back as draft')}
            </button>
            <button
              type="button"
              disabled={change.isPending || blocked !== null}
              aria-describedby={blocked ? `${ids}-blocked` : undefined}
              onClick={() => set('active', 'Published again. The product is back in the store.')}
              className={`${buttonClass('primary')} w-full sm:w-auto`}
            >
              {pendingLabel('active', 'Bring back and publish')}
            </button>
          </>
        ) : (
          <button type="button" disabled={change.isPending} onClick={() => set('archived', 'Archived. Shoppers can no longer see or buy it.')} className={`${buttonClass('secondary')} w-full sm:w-auto`}>
            {pendingLabel('archived', 'Archive product')}
          </button>
        )}
      </div>
      {archived && blocked && (
        <p id={`${ids}-blocked`} className="mt-2 text-sm wrap-break-word text-amber-900">
          {blocked}
        </p>
      )}
      {change.error && (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium wrap-break-word text-red-800">
          {errorMessage(change.error, `That did not work. ${OFFLINE}`)}
        </p>
      )}
    </section>
  );
}
