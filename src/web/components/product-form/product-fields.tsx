import { useForm, useWatch, type FieldErrors, type Path, type Resolver, type UseFormSetError, type UseFormSetValue } from 'react-hook-form';
import { CATEGORIES, CATEGORY_LABELS, type Category } from '#shared/categories.ts';
import { SelectField, TextAreaField, TextField, type FormOf } from '#web/components/form/form-fields.tsx';
import { FormSection } from '#web/components/form/form-layout.tsx';
import { errorMessage, fieldIssues } from '#web/lib/api-client.ts';
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
  form: FormOf<ProductFormValues>;
  /** The category chosen in the form, which decides the spec fields. */
  category: Category;
  /** Show the SKU (the vendor's own stock code); the admin editor leaves it to the vendor. */
  withSku?: boolean;
}

const CATEGORY_CHOICES = CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value].singular }));

/** The product editor's fieldsets: details, price and stock, and the category's specifications. */
export function ProductFieldsets({ form, category, withSku = true }: ProductFieldsetsProps) {
  return (
    <>
      <FormSection legend="Details">
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <TextField
            form={form}
            name="name"
            label="Name"
            hint="As shoppers will see it, for example ‘Lenovo IdeaPad Slim 5 14″ (Ryzen 7, 16 GB, 512 GB SSD)’"
            autoComplete="off"
            className="sm:col-span-2"
          />
          <TextField form={form} name="brand" label="Brand" autoComplete="off" />
          <SelectField
            form={form}
            name="category"
            label="Category"
            hint="Changing it changes the specifications below."
            options={CATEGORY_CHOICES}
          />
          <TextAreaField
            form={form}
            name="description"
            label="Description"
            optional
            hint="Up to 5,000 characters."
            className="sm:col-span-2"
          />
          {withSku && (
            <TextField
              form={form}
              name="sku"
              label="SKU"
              optional
              hint="Your own stock code: letters, digits, . _ - (up to 64). The CSV import matches products by SKU."
              autoComplete="off"
              spellCheck={false}
              className="sm:col-span-2"
            />
          )}
        </div>
      </FormSection>

      <FormSection legend="Price and stock">
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-3">
          <TextField
            form={form}
            name="price"
            label="Price (₹)"
            hint="Selling price, GST included"
            prefix="₹"
            inputMode="decimal"
            autoComplete="off"
            placeholder="64,990"
          />
          <TextField
            form={form}
            name="mrp"
            label="MRP (₹)"
            hint="At least the price"
            prefix="₹"
            inputMode="decimal"
            autoComplete="off"
            placeholder="64,990"
          />
          <TextField
            form={form}
            name="stock"
            label="Stock"
            hint="Units ready to ship"
            type="number"
            inputMode="numeric"
            min={0}
            max={100_000}
            step={1}
          />
        </div>
      </FormSection>

      <FormSection legend={`${CATEGORY_LABELS[category].singular} specifications`}>
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          {SPEC_FIELDS[category].map((field) => (
            <SpecInput key={`${category}-${field.key}`} form={form} field={field} />
          ))}
        </div>
      </FormSection>
    </>
  );
}

/** One specification's field, as its kind asks: a choice, a number or words. */
function SpecInput({ form, field }: { form: FormOf<ProductFormValues>; field: SpecField }) {
  const common = { form, name: `specs.${field.key}` as Path<ProductFormValues>, label: specLabel(field) };
  switch (field.kind) {
    case 'choice':
      return <SelectField {...common} options={field.options} placeholder="Choose…" />;
    case 'integer':
    case 'decimal':
      return (
        <TextField
          {...common}
          hint={field.hint}
          type="number"
          inputMode={field.kind === 'integer' ? 'numeric' : 'decimal'}
          min={0}
          step={field.kind === 'integer' ? 1 : 'any'}
        />
      );
    case 'text':
    case 'list':
      return (
        <TextField
          {...common}
          hint={field.hint}
          optional={field.kind === 'text' && field.optional === true}
          autoComplete="off"
          className={field.kind === 'list' ? 'sm:col-span-2' : ''}
        />
      );
  }
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
export function placeServerIssues(
  error: unknown,
  category: Category,
  { setError, setValue }: ProductFormControl,
  offline: string,
): SaveProblem {
  const message = (fallback: string) => errorMessage(error, fallback);
  const stockNow = stockNowOf(error);
  if (stockNow !== undefined) {
    setValue('stock', String(stockNow));
    setValue('stockWas', String(stockNow));
    setError(
      'stock',
      {
        type: 'server',
        message: `Orders changed the stock to ${stockNow} while you were editing. Enter the stock you want and save again.`,
      },
      { shouldFocus: true },
    );
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
    setError(
      field as Path<ProductFormValues>,
      { type: 'server', message: withoutFieldPrefix(issue.message, issue.field) },
      { shouldFocus: focus },
    );
    focus = false;
  }
  return {
    message:
      unplaced.length === issues.length ? message('Please check the product and try again.') : 'Please correct the fields marked below.',
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
