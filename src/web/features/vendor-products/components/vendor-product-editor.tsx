import { CircleCheck } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { IMAGE_REQUIRED_MESSAGE, publishesWithoutImage, type VendorProduct, type VendorProductInput } from '#shared/schemas/vendor.ts';
import { ImageManager } from '#web/components/product-form/image-manager.tsx';
import {
  formLegendClass,
  formSectionClass,
  placeServerIssues,
  ProductFieldsets,
  productFieldId,
  SaveProblemAlert,
  useProductForm,
  type SaveProblem,
} from '#web/components/product-form/product-fields.tsx';
import { stockNote, toFormValues, type ProductFields } from '#web/components/product-form/product-form.ts';
import { useProductImages } from '#web/components/product-form/use-product-images.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import {
  uploadVendorMedia,
  errorMessage,
  useArchiveVendorProduct,
  useCreateVendorProduct,
  useUpdateVendorProduct,
  useVendorProduct,
} from '../api/vendor-products.ts';
import { vendorProductPaths } from '../paths.ts';
import { HiddenByAdminBadge, StatusBadge } from './field.tsx';
import { ArchivedNotice, ManageProduct } from './manage-product.tsx';
import { ModerationReplies, ModerationReplyForm } from './moderation-reply.tsx';
import { archivedNotice } from './other-sellers.ts';
import { ReviewNotice, SharedDetailsNotice } from './shared-details-notice.tsx';

export interface VendorProductEditorProps {
  /** The product to edit; a new product when absent. */
  productId?: number;
  /** Called after every successful save, with the product as the server stored it. */
  onSaved: (product: VendorProduct) => void;
  /** Pending (or suspended) shops can save drafts but not publish. */
  shopApproved: boolean;
  /** Called after the product is deleted; goes back to the product list when absent. */
  onDeleted?: () => void;
}

/** Creates or edits one of the vendor's products: details, price, stock, specs and images. */
export default function VendorProductEditor({ productId, onSaved, shopApproved, onDeleted }: VendorProductEditorProps) {
  const query = useVendorProduct(productId);

  if (productId === undefined) return <ProductForm onSaved={onSaved} shopApproved={shopApproved} onDeleted={onDeleted} />;
  if (query.isPending) return <Loading label="Loading the product…" />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
          <p className="font-semibold">{notFound ? 'We could not find this product.' : 'We could not load this product.'}</p>
          <p className="mt-1 text-sm">
            {notFound
              ? 'It may have been deleted, or it belongs to another shop.'
              : errorMessage(query.error, 'Please check your internet connection and try again.')}
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            {!notFound && (
              <button type="button" className={buttonClass('secondary')} onClick={() => void query.refetch()}>
                Try again
              </button>
            )}
            <Link to={vendorProductPaths.list()} className={buttonClass('secondary')}>
              Back to products
            </Link>
          </div>
        </div>
      </div>
    );
  }
  return <ProductForm key={productId} product={query.data} onSaved={onSaved} shopApproved={shopApproved} onDeleted={onDeleted} />;
}

/** What a save did: a published listing the marketplace has not approved yet is not on sale, and says so. */
function savedNotice(saved: VendorProduct): string {
  if (saved.status !== 'active') return 'Saved as a draft.';
  if (saved.review.status === 'approved') return 'Saved. The product is published.';
  return 'Saved. Shoppers see the product once the marketplace approves it.';
}

interface ProductFormProps {
  product?: VendorProduct;
  onSaved: (product: VendorProduct) => void;
  shopApproved: boolean;
  onDeleted?: () => void;
}

function ProductForm({ product, onSaved, shopApproved, onDeleted }: ProductFormProps) {
  const idPrefix = useId();
  const navigate = useNavigate();
  const intent = useRef<'draft' | 'active'>('draft');
  const [serverError, setServerError] = useState<SaveProblem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [savingAs, setSavingAs] = useState<'draft' | 'active'>('draft');
  const imageState = useProductImages(product?.images ?? [], uploadVendorMedia);

  const create = useCreateVendorProduct();
  const update = useUpdateVendorProduct();
  const archive = useArchiveVendorProduct();

  const form = useProductForm(product);
  const { handleSubmit, reset, setError, setValue, formState, category } = form;
  const { errors, isSubmitting } = formState;

  const save = async (fields: ProductFields) => {
    setServerError(null);
    setNotice(null);
    if (imageState.uploading) {
      setServerError({ message: 'Please wait for the images to finish uploading, then save again.', more: [] });
      return;
    }
    const status = intent.current;
    if (publishesWithoutImage({ status, images: imageState.images }, product)) {
      // The server refuses it too (422); said here at once, with the keyboard on "Add images".
      setServerError({ message: IMAGE_REQUIRED_MESSAGE, more: [] });
      document.getElementById(`${productFieldId(idPrefix, 'images')}-files`)?.focus();
      return;
    }
    setSavingAs(status);
    const { stockWas, ...rest } = fields;
    const input: VendorProductInput = { ...rest, images: imageState.images, status };
    try {
      // An edit says which stock it started from, so the server keeps units sold while the form was open.
      const saved = product
        ? await update.mutateAsync({ id: product.id, input: { ...input, stockWas: stockWas ?? product.stock } })
        : await create.mutateAsync(input);
      reset(toFormValues(saved));
      imageState.reset(saved.images);
      const note = product ? stockNote(input.stock, stockWas, saved.stock) : '';
      const proposed = saved.proposal?.status === 'pending' && saved.proposal.createdAt !== product?.proposal?.createdAt;
      const sent = proposed
        ? ' Your change to its details was sent to the marketplace for approval; they show as they are until then.'
        : '';
      setNotice(`${savedNotice(saved)}${note ? ` ${note}` : ''}${sent}`);
      onSaved(saved);
    } catch (error) {
      setServerError(
        placeServerIssues(
          error,
          category,
          { setError, setValue },
          'We could not save the product. Please check your internet connection and try again.',
        ),
      );
    }
  };

  const published = product?.status === 'active';
  const archived = product?.status === 'archived';
  const saving = isSubmitting;
  const rootError = errors.root?.message;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 lg:py-8">
      <title>{product ? `Edit ${product.name} · Products` : 'Add a product · Products'}</title>
      <p className="text-sm">
        <Link to={vendorProductPaths.list()} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
          Products
        </Link>
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="min-w-0 text-2xl font-bold wrap-break-word text-slate-900 sm:text-3xl">
          {product ? `Edit ${product.name}` : 'Add a product'}
        </h1>
        {product && <StatusBadge status={product.status} review={product.review.status} />}
        {product?.hiddenReason && <HiddenByAdminBadge />}
      </div>

      {archived && product && <ArchivedNotice product={product} shopApproved={shopApproved} />}

      {product && <ReviewNotice review={product.review} />}
      {product?.sharedDetails && <SharedDetailsNotice product={product} />}

      {product?.hiddenReason && (
        <section aria-labelledby={`${idPrefix}-hidden`} className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4 text-red-950">
          <h2 id={`${idPrefix}-hidden`} className="font-semibold">
            Hidden by admin
          </h2>
          <p className="mt-1 text-sm">Our team took this product off the store. Reason: {product.hiddenReason}</p>
          <p className="mt-1 text-sm">Fix the listing, then reply below; our team restores it once it is fixed.</p>
          <ModerationReplies product={product} />
          <ModerationReplyForm product={product} />
        </section>
      )}

      <div role="status">
        {notice ? (
          <div className="mt-4 flex gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
            <p className="min-w-0">{notice}</p>
          </div>
        ) : null}
      </div>

      <form
        noValidate
        onSubmit={(event) => void handleSubmit(save)(event)}
        className="mt-6 space-y-6"
        aria-label={product ? `Edit ${product.name}` : 'Add a product'}
      >
        <ProductFieldsets form={form} category={category} />

        <fieldset className={formSectionClass}>
          <legend className={formLegendClass}>Images</legend>
          <div className="clear-both pt-4">
            <ImageManager id={productFieldId(idPrefix, 'images')} state={imageState} />
          </div>
        </fieldset>

        {(serverError ?? rootError) && <SaveProblemAlert problem={serverError ?? { message: rootError ?? '', more: [] }} />}

        <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <button
              type="submit"
              disabled={saving || imageState.uploading}
              onClick={() => {
                intent.current = 'draft';
              }}
              className={`${buttonClass('secondary')} w-full sm:w-auto`}
            >
              {saving && savingAs === 'draft' ? 'Saving…' : 'Save as draft'}
            </button>
            <button
              type="submit"
              disabled={!shopApproved || saving || imageState.uploading}
              aria-describedby={!shopApproved ? `${idPrefix}-publish-hint` : undefined}
              onClick={() => {
                intent.current = 'active';
              }}
              className={`${buttonClass('primary')} w-full sm:w-auto`}
            >
              {saving && savingAs === 'active' ? 'Publishing…' : published ? 'Save and keep published' : 'Publish'}
            </button>
          </div>
          {!shopApproved ? (
            <p id={`${idPrefix}-publish-hint`} className="mt-3 text-sm text-slate-600">
              You can publish products once your shop is approved. Until then, save them as drafts; shoppers do not see drafts.
            </p>
          ) : published ? (
            <p className="mt-3 text-sm text-slate-600">Saving as a draft takes the product off the store until you publish it again.</p>
          ) : null}
          {imageState.uploading && <p className="mt-3 text-sm text-slate-600">Saving is possible once the images finish uploading.</p>}
        </div>
      </form>

      {product && (
        <ManageProduct
          product={product}
          archive={archive}
          onArchived={(archived) => setNotice(archivedNotice(archived))}
          onDeleted={onDeleted ?? (() => void navigate(vendorProductPaths.list()))}
        />
      )}
    </div>
  );
}
