import {
  useForm,
  useWatch,
  type FieldErrors,
  type Path,
  type Resolver,
  type UseFormRegister,
  type UseFormRegisterReturn,
  type UseFormSetError,
  type UseFormSetValue,
} from 'react-hook-form';
import { CATEGORIES, CATEGORY_LABELS, type Category } from '#shared/categories.ts';
import { controlBase, controlClassName, Field } from '#web/components/ui/field.tsx';
import { ApiError, fieldIssues } from '#web/lib/api-client.ts';
import {
  SPEC_FIELDS,
  formFieldOf,
  specLabel,
  stockNowOf,
  toFormValues,
  validateProductForm,
  withoutFieldPrefix,
  type EditableProduct,
  type FormErrors,
  type ProductFields,
  type ProductFormValues,
  type SpecField,
} from './product-form.ts';

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

/** Checks the product form the way the server will, in the form's own terms (rupees, labels, units). */
export const productFormResolver: Resolver<ProductFormValues, unknown, ProductFields> = (values) => {
  const result = validateProductForm(values);
  return result.ok ? { values: result.fields, errors: {} } : { values: {}, errors: toFieldErrors(result.errors) };
};

/** The product form's state, filled from the product (empty for a new one), and the category chosen in it. */
export function useProductForm(product?: EditableProduct) {
  const form = useForm<ProductFormValues, unknown, ProductFields>({ resolver: productFormResolver, defaultValues: toFormValues(product) });
  const category = useWatch({ control: form.control, name: 'category' });
  return { ...form, category };
}

export const formSectionClass = 'min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-6';
export const formLegendClass = 'float-left w-full text-lg font-semibold text-slate-900';

/** The id of a field's control: "specs.ramGb" → "<prefix>-specs-ramGb". */
export function productFieldId(idPrefix: string, name: string): string {
  return `${idPrefix}-${name.replace('.', '-')}`;
}

interface ProductFieldsetsProps {
  idPrefix: string;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  /** The category chosen in the form, which decides the spec fields. */
  category: Category;
  /** Show the SKU (the vendor's own stock code); the admin editor leaves it to the vendor. */
  withSku?: boolean;
}

/** The product editor's fieldsets: details, price and stock, and the category's specifications. */
export function ProductFieldsets({ idPrefix, register, errors, category, withSku = true }: ProductFieldsetsProps) {
  const fieldId = (name: string) => productFieldId(idPrefix, name);

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
    <>
      <fieldset className={formSectionClass}>
        <legend className={formLegendClass}>Details</legend>
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
          {withSku && (
            <Field id={fieldId('sku')} label="SKU" optional hint="Your own stock code: letters, digits, . _ - (up to 64). The CSV import matches products by SKU." error={errors.sku?.message} className="sm:col-span-2">
              {(describedBy) => textInput('sku', errors.sku?.message, describedBy, { autoComplete: 'off', spellCheck: false })}
            </Field>
          )}
        </div>
      </fieldset>

      <fieldset className={formSectionClass}>
        <legend className={formLegendClass}>Price and stock</legend>
        <div className="clear-both grid grid-cols-1 gap-5 pt-4 sm:grid-cols-3">
          <Field id={fieldId('price')} label="Price (₹)" hint="Selling price, GST included" error={errors.price?.message}>
            {(describedBy) => rupeeInput('price', describedBy)}
          </Field>
          <Field id={fieldId('mrp')} label="MRP (₹)" hint="At least the price" error={errors.mrp?.message}>
            {(describedBy) => rupeeInput('mrp', describedBy)}
          </Field>
          <Field id={fieldId('stock')} label="Stock" hint="Units ready to ship" error={errors.stock?.message}>
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

      <fieldset className={formSectionClass}>
        <legend className={formLegendClass}>{CATEGORY_LABELS[category].singular} specifications</legend>
        <div className="clear-both grid grid-cols-1 gap-5 pt-4 sm:grid-cols-2">
          {SPEC_FIELDS[category].map((field) => (
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
    </>
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
    <Field id={id} label={specLabel(field)} optional={field.kind === 'text' && field.optional === true} hint={hint} error={error} className={field.kind === 'list' ? 'sm:col-span-2' : ''}>
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

/** Why a save failed: a message, and the server's issues that belong to no field of the form. */
export interface SaveProblem {
  message: string;
  more: string[];
}

/** What placeServerIssues changes on the form. */
export interface ProductFormControl {
  setError: UseFormSetError<ProductFormValues>;
  setValue: UseFormSetValue<ProductFormValues>;
}

/**
 * Puts the server's field issues (a 400 VALIDATION_FAILED) on the form's fields, focusing the first,
 * and says what is left to show above the buttons. When stock was refused because orders left too
 * little of it (a 409), the stock field starts again from the stock as it is now.
 */
export function placeServerIssues(error: unknown, category: Category, { setError, setValue }: ProductFormControl, offline: string): SaveProblem {
  const message = (fallback: string) => (error instanceof ApiError ? error.message : fallback);
  const stockNow = stockNowOf(error);
  if (stockNow !== undefined) {
    setValue('stock', String(stockNow));
    setValue('stockWas', String(stockNow));
    setError('stock', { type: 'server', message: `Orders changed the stock to ${stockNow} while you were editing. Enter the stock you want and save again.` }, { shouldFocus: true });
    return { message: message(offline), more: [] };
  }
  const issues = fieldIssues(error);
  if (issues.length === 0) return { message: message(offline), more: [] };
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
  return {
    message: unplaced.length === issues.length ? message('Please check the product and try again.') : 'Please correct the fields marked below.',
    more: unplaced,
  };
}

/** The red box above the form's buttons: why the save failed. */
export function SaveProblemAlert({ problem }: { problem: SaveProblem }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium wrap-break-word text-red-800">
      <p>{problem.message}</p>
      {problem.more.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {problem.more.map((text, index) => (
            <li key={`${index}-${text}`}>{text}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
