import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Path, type Resolver, type UseFormRegisterReturn } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { CATEGORIES, CATEGORY_LABELS } from '#shared/categories.ts';
import type { VendorProduct, VendorProductInput } from '#shared/schemas/vendor.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import {
  errorMessage,
  fieldIssues,
  useArchiveVendorProduct,
  useCreateVendorProduct,
  useDeleteVendorProduct,
  useUpdateVendorProduct,
  useVendorProduct,
} from '../api/vendor-products.ts';
import { useProductImages } from '../hooks/use-product-images.ts';
import { vendorProductPaths } from '../paths.ts';
import {
  SPEC_FIELDS,
  formFieldOf,
  specLabel,
  toFormValues,
  validateProductForm,
  withoutFieldPrefix,
  type FormErrors,
  type ProductFields,
  type ProductFormValues,
  type SpecField,
} from '../utils/product-form.ts';
import { controlBase, controlClassName, Field } from '#web/components/ui/field.tsx';
import { ErrorAlert, StatusBadge } from './field.tsx';
import { ImageManager } from './image-manager.tsx';

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

/** Flat "specs.ramGb" errors → the nested shape react-hook-form reads. */
function toFieldErrors(errors: FormErrors): FieldErrors<ProductFormValues> {
  const result: Record<string, unknown> = {};
  const specs: Record<string, { type: string; message: string }> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path.startsWith('specs.')) specs[path.slice('specs.'.length)] = { type: 'validate', message };
    else result[path] = { type: 'validate', message };
  }
  if (Object.keys(specs).length > 0) result.specs = specs;
  return result as FieldErrors<ProductFormValues>;
}

const resolver: Resolver<ProductFormValues, unknown, ProductFields> = (values) => {
  const result = validateProductForm(values);
  return result.ok ? { values: result.fields, errors: {} } : { values: {}, errors: toFieldErrors(result.errors) };
};

const sectionClass = 'min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-6';
const legendClass = 'float-left w-full text-lg font-semibold text-slate-900';

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

interface ProductFormProps {
  product?: VendorProduct;
  onSaved: (product: VendorProduct) => void;
  shopApproved: boolean;
  onDeleted?: () => void;
}

function ProductForm({ product, onSaved, shopApproved, onDeleted }: ProductFormProps) {
  const idPrefix = useId();
  const fieldId = (name: string) => `${idPrefix}-${name.replace('.', '-')}`;
  const navigate = useNavigate();
  const intent = useRef<'draft' | 'active'>('draft');
  const [serverError, setServerError] = useState<{ message: string; more: string[] } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [savingAs, setSavingAs] = useState<'draft' | 'active'>('draft');
  const imageState = useProductImages(product?.images ?? []);

  const create = useCreateVendorProduct();
  const update = useUpdateVendorProduct();
  const archive = useArchiveVendorProduct();

  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormValues, unknown, ProductFields>({
    resolver,
    defaultValues: toFormValues(product),
  });
  const category = useWatch({ control, name: 'category' });
  const specFields = SPEC_FIELDS[category];

  const save = async (fields: ProductFields) => {
    setServerError(null);
    setNotice(null);
    if (imageState.uploading) {
      setServerError({ message: 'Please wait for the images to finish uploading, then save again.', more: [] });
      return;
    }
    const status = intent.current;
    setSavingAs(status);
    const input: VendorProductInput = { ...fields, images: imageState.images, status };
    try {
      const saved = product ? await update.mutateAsync({ id: product.id, input }) : await create.mutateAsync(input);
      reset(toFormValues(saved));
      imageState.reset(saved.images);
      setNotice(saved.status === 'active' ? 'Saved. The product is published.' : 'Saved as a draft.');
      onSaved(saved);
    } catch (error) {
      const issues = fieldIssues(error);
      if (issues.length === 0) {
        setServerError({ message: errorMessage(error, 'We could not save the product. Please check your internet connection and try again.'), more: [] });
        return;
      }
      const unplaced: string[] = [];
      let focus = true;
      for (const issue of issues) {
        const field = formFieldOf(issue.field, category);
        if (!field) {
          unplaced.push(issue.message);
          continue;
        }
        setError(field as Path<ProductFormValues>, { type: 'server', message: withoutFieldPrefix(issue.message, issue.field) }, { shouldFocus: focus });
        focus = false;
      }
      setServerError({
        message: unplaced.length === issues.length ? errorMessage(error, 'Please check the product and try again.') : 'Please correct the fields marked below.',
        more: unplaced,
      });
    }
  };

  const published = product?.status === 'active';
  const archived = product?.status === 'archived';
  const saving = isSubmitting;
  const rootError = errors.root?.message;

  const textInput = (name: Path<ProductFormValues>, error: string | undefined, describedBy: string | undefined, extra: Record<string, unknown> = {}) => (
    <input
      id={fieldId(name)}
      type="text"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      className={controlClassName}
      {...extra}
      {...register(name)}
    />
  );

  const rupeeInput = (name: 'price' | 'mrp', describedBy: string | undefined) => (
    <div className="flex">
      <span
        aria-hidden="true"
        className="inline-flex shrink-0 items-center rounded-l-lg border border-r-0 border-slate-300 bg-slate-50 px-3 text-base text-slate-600"
      >
        ₹
      </span>
      <input
        id={fieldId(name)}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder="64,990"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy}
        className={`${controlBase} rounded-r-lg`}
        {...register(name)}
      />
    </div>
  );

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
        {product && <StatusBadge status={product.status} />}
      </div>

      {archived && (
        <div className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">This product is archived</p>
          <p className="mt-1 text-sm">
            Shoppers cannot see or buy it. To bring it back, save it as a draft{shopApproved ? ' or publish it' : ''}.
          </p>
        </div>
      )}

      {product?.hiddenReason && (
        <div className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4 text-red-950">
          <p className="font-semibold">Hidden from the store by our team</p>
          <p className="mt-1 text-sm">Reason: {product.hiddenReason}</p>
          <p className="mt-1 text-sm">Fix the listing and contact seller support to have it restored.</p>
        </div>
      )}

      <div role="status">
        {notice ? (
          <div className="mt-4 flex gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
            <p className="min-w-0">{notice}</p>
          </div>
        ) : null}
      </div>

      <form noValidate onSubmit={(event) => void handleSubmit(save)(event)} className="mt-6 space-y-6" aria-label={product ? `Edit ${product.name}` : 'Add a product'}>
        <fieldset className={sectionClass}>
          <legend className={legendClass}>Details</legend>
          <div className="clear-both grid grid-cols-1 gap-5 pt-4 sm:grid-cols-2">
            <Field id={fieldId('name')} label="Name" hint="As shoppers will see it, for example ‘Lenovo IdeaPad Slim 5 14″ (Ryzen 7, 16 GB, 512 GB SSD)’" error={errors.name?.message} className="sm:col-span-2">
              {(describedBy) => textInput('name', errors.name?.message, describedBy, { autoComplete: 'off' })}
            </Field>
            <Field id={fieldId('brand')} label="Brand" error={errors.brand?.message}>
              {(describedBy) => textInput('brand', errors.brand?.message, describedBy, { autoComplete: 'off' })}
            </Field>
            <Field id={fieldId('category')} label="Category" hint="Changing it changes the specifications below." error={errors.category?.message}>
              {(describedBy) => (
                <select
                  id={fieldId('category')}
                  aria-invalid={errors.category ? true : undefined}
                  aria-describedby={describedBy}
                  className={controlClassName}
                  {...register('category')}
                >
                  {CATEGORIES.map((value) => (
                    <option key={value} value={value}>
                      {CATEGORY_LABELS[value].singular}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id={fieldId('description')} label="Description" optional hint="Up to 5,000 characters." error={errors.description?.message} className="sm:col-span-2">
              {(describedBy) => (
                <textarea
                  id={fieldId('description')}
                  rows={6}
                  aria-invalid={errors.description ? true : undefined}
                  aria-describedby={describedBy}
                  className={`${controlClassName} min-h-32 resize-y`}
                  {...register('description')}
                />
              )}
            </Field>
            <Field id={fieldId('sku')} label="SKU" optional hint="Your own stock code: letters, digits, . _ - (up to 64). The CSV import matches products by SKU." error={errors.sku?.message} className="sm:col-span-2">
              {(describedBy) => textInput('sku', errors.sku?.message, describedBy, { autoComplete: 'off', spellCheck: false })}
            </Field>
          </div>
        </fieldset>

        <fieldset className={sectionClass}>
          <legend className={legendClass}>Price and stock</legend>
          <div className="clear-both grid grid-cols-1 gap-5 pt-4 sm:grid-cols-3">
            <Field id={fieldId('price')} label="Price (₹)" hint="Selling price, GST included" error={errors.price?.message}>
              {(describedBy) => rupeeInput('price', describedBy)}
            </Field>
            <Field id={fieldId('mrp')} label="MRP (₹)" hint="At least the price" error={errors.mrp?.message}>
              {(describedBy) => rupeeInput('mrp', describedBy)}
            </Field>
            <Field id={fieldId('stock')} label="Stock" hint="Units you can ship" error={errors.stock?.message}>
              {(describedBy) => (
                <input
                  id={fieldId('stock')}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={100_000}
                  step={1}
                  aria-invalid={errors.stock ? true : undefined}
                  aria-describedby={describedBy}
                  className={controlClassName}
                  {...register('stock')}
                />
              )}
            </Field>
          </div>
        </fieldset>

        <fieldset className={sectionClass}>
          <legend className={legendClass}>{CATEGORY_LABELS[category].singular} specifications</legend>
          <div className="clear-both grid grid-cols-1 gap-5 pt-4 sm:grid-cols-2">
            {specFields.map((field) => (
              <SpecInput
                key={`${category}-${field.key}`}
                field={field}
                id={fieldId(`specs.${field.key}`)}
                error={errors.specs?.[field.key]?.message}
                registration={register(`specs.${field.key}`)}
              />
            ))}
          </div>
        </fieldset>

        <fieldset className={sectionClass}>
          <legend className={legendClass}>Images</legend>
          <div className="clear-both pt-4">
            <ImageManager id={fieldId('images')} state={imageState} />
          </div>
        </fieldset>

        {(serverError || rootError) && (
          <ErrorAlert>
            <p>{serverError?.message ?? rootError}</p>
            {serverError && serverError.more.length > 0 && (
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {serverError.more.map((message, index) => (
                  <li key={`${index}-${message}`}>{message}</li>
                ))}
              </ul>
            )}
          </ErrorAlert>
        )}

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
          onArchived={() => setNotice('Product archived. Shoppers can no longer see it.')}
          onDeleted={onDeleted ?? (() => void navigate(vendorProductPaths.list()))}
        />
      )}
    </div>
  );
}

interface SpecInputProps {
  field: SpecField;
  id: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}

function SpecInput({ field, id, error, registration }: SpecInputProps) {
  const hint = field.kind === 'choice' ? undefined : field.hint;
  return (
    <Field id={id} label={specLabel(field)} hint={hint} error={error} className={field.kind === 'list' ? 'sm:col-span-2' : ''}>
      {(describedBy) => {
        const common = {
          id,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
          className: controlClassName,
        };
        switch (field.kind) {
          case 'choice':
            return (
              <select {...common} {...registration}>
                <option value="">Choose…</option>
                {field.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            );
          case 'integer':
          case 'decimal':
            return (
              <input
                {...common}
                type="number"
                inputMode={field.kind === 'integer' ? 'numeric' : 'decimal'}
                min={0}
                step={field.kind === 'integer' ? 1 : 'any'}
                {...registration}
              />
            );
          case 'text':
          case 'list':
            return <input {...common} type="text" autoComplete="off" {...registration} />;
        }
      }}
    </Field>
  );
}

interface ManageProductProps {
  product: VendorProduct;
  archive: ReturnType<typeof useArchiveVendorProduct>;
  onArchived: () => void;
  onDeleted: () => void;
}

/** Archive (hide from shoppers) and, for products nobody has ordered, delete with a confirmation. */
function ManageProduct({ product, archive, onArchived, onDeleted }: ManageProductProps) {
  const ids = useId();
  const remove = useDeleteVendorProduct();
  const [confirming, setConfirming] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      deleteRef.current?.focus();
    }
  }, [confirming]);

  const error = archive.error ?? remove.error;

  return (
    <section aria-labelledby={`${ids}-heading`} className={`${sectionClass} mt-6`}>
      <h2 id={`${ids}-heading`} className="text-lg font-semibold text-slate-900">
        Archive or delete
      </h2>
      <div className="mt-4 space-y-5">
        {product.status !== 'archived' && (
          <div>
            <p className="text-sm text-slate-600">
              Archiving hides the product from shoppers and keeps its order history. You can bring it back later.
            </p>
            <button
              type="button"
              disabled={archive.isPending}
              className={`${buttonClass('secondary')} mt-2 w-full sm:w-auto`}
              onClick={() => {
                remove.reset();
                archive.mutate(product.id, { onSuccess: onArchived });
              }}
            >
              {archive.isPending ? 'Archiving…' : 'Archive'}
            </button>
          </div>
        )}

        {product.hasOrders ? (
          <p className="text-sm text-slate-600">This product has orders, so it cannot be deleted. Archive it to hide it from shoppers.</p>
        ) : confirming ? (
          <div role="group" aria-labelledby={`${ids}-confirm`} className="rounded-lg border border-red-200 bg-red-50 p-4">
            <p id={`${ids}-confirm`} className="font-semibold text-red-900">
              Delete this product?
            </p>
            <p className="mt-1 text-sm text-red-900">“{product.name}” will be removed for good. This cannot be undone.</p>
            <div className="mt-3 flex flex-col gap-2 sm:flex-row">
              <button
                type="button"
                disabled={remove.isPending}
                className={`${buttonClass('primary')} w-full bg-red-700 hover:bg-red-800 disabled:hover:bg-red-700 sm:w-auto`}
                onClick={() => {
                  archive.reset();
                  remove.mutate(product.id, { onSuccess: onDeleted });
                }}
              >
                {remove.isPending ? 'Deleting…' : 'Delete for good'}
              </button>
              <button
                ref={cancelRef}
                type="button"
                className={`${buttonClass('secondary')} w-full sm:w-auto`}
                onClick={() => {
                  returnFocus.current = true;
                  remove.reset();
                  setConfirming(false);
                }}
              >
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <div>
            <p className="text-sm text-slate-600">Nobody has ordered this product yet, so you can delete it completely.</p>
            <button
              ref={deleteRef}
              type="button"
              className={`${buttonClass('secondary')} mt-2 w-full text-red-700 sm:w-auto`}
              onClick={() => setConfirming(true)}
            >
              Delete
            </button>
          </div>
        )}

        {error && <ErrorAlert>{errorMessage(error, 'That did not work. Please check your internet connection and try again.')}</ErrorAlert>}
      </div>
    </section>
  );
}
