import { useCallback, useId, useState } from 'react';
import type { AdminProductDetail } from '#shared/schemas/admin.ts';
import type { ProductStatus } from '#shared/schemas/catalog.ts';
import { IMAGE_REQUIRED_MESSAGE, publishesWithoutImage } from '#shared/schemas/vendor.ts';
import { PRODUCT_STATUS_NAMES } from '#web/components/audit/audit-changes.ts';
import { TextAreaControl } from '#web/components/form/form-fields.tsx';
import { ImageManager } from '#web/components/product-form/image-manager.tsx';
import {
  formLegendClass,
  formSectionClass,
  placeServerIssues,
  productFieldId,
  ProductFieldsets,
  SaveProblemAlert,
  useProductForm,
  type SaveProblem,
} from '#web/components/product-form/product-fields.tsx';
import { stockNote, toFormValues, type ProductFields } from '#web/components/product-form/product-form.ts';
import { useProductImages, type UploadImage } from '#web/components/product-form/use-product-images.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { useUpdateAdminProduct } from '../api/update-admin-product.ts';
import { uploadAdminProductImage } from '../api/upload-admin-product-image.ts';
import { OFFLINE } from './offline.ts';

const NOTE_MAX = 500;

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

export interface EditFormProps {
  detail: AdminProductDetail;
  status: ProductStatus;
  onStatus: (status: ProductStatus) => void;
  /** Why publishing is refused, if it is. */
  blocked: string | null;
  onSaved: (message: string) => void;
}

/** The product's fields, images and status, saved together with the admin's note for the audit log. */
export function EditForm({ detail, status, onStatus, blocked, onSaved }: EditFormProps) {
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
      const saved = await update.mutateAsync({
        id: product.id,
        input: { ...fields, images: imageState.images, stockWas, featured, status, reason: note.trim() || undefined },
      });
      reset(toFormValues(saved.product));
      imageState.reset(saved.product.images);
      onStatus(saved.product.status);
      setFeatured(saved.product.featured);
      setNote('');
      const stock = stockNote(fields.stock, stockWas, saved.product.stock);
      onSaved(
        saved.audit[0]?.id === lastEntry
          ? 'Nothing had changed, so nothing was saved.'
          : `${SAVED[saved.product.status]}${stock ? ` ${stock}` : ''}`,
      );
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
