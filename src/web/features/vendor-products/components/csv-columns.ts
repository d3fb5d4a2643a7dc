import { CATEGORIES, type Category } from '#shared/categories.ts';
import { CSV_COLUMNS } from '#shared/schemas/vendor.ts';
import { SPEC_FIELDS, specLabel } from '#web/components/product-form/product-form.ts';

type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The product columns of the CSV file and what each holds. */
export const PRODUCT_COLUMNS: Partial<Record<CsvColumn, string>> = {
  sku: 'Required: your own stock code, once per file. A row whose SKU matches one of your products updates that product; other rows add new products.',
  name: 'The product name, at least 3 characters.',
  brand: 'The brand, for example Lenovo.',
  category: 'Laptop, Desktop or Monitor. It decides which specification columns the row needs.',
  price: 'Selling price in rupees (not paise), GST included: 64990 or 64990.50.',
  mrp: 'MRP in rupees, written the same way; at least the price.',
  stock: 'Units you can ship, a whole number.',
  status: 'draft or active. active publishes the product, which needs an approved shop; draft keeps it hidden.',
  description: 'Optional. Put text that contains commas or line breaks inside double quotes.',
};

/** "ram_gb" → "ramGb": the spec key a column fills. */
const specKey = (column: string) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** What each specification column means, which categories use it, and the values it accepts. */
export function describeSpecColumn(column: CsvColumn): { label: string; categories: Category[]; note: string } {
  const key = specKey(column);
  const categories = CATEGORIES.filter((category) => SPEC_FIELDS[category].some((field) => field.key === key));
  const fields = categories.flatMap((category) =>
    SPEC_FIELDS[category].filter((field) => field.key === key).map((field) => ({ category, field })),
  );
  const first = fields[0]?.field;
  if (!first) return { label: column, categories, note: '' };
  let note = '';
  if (first.kind === 'choice') {
    const sets = fields.map(({ category, field }) =>
      field.kind === 'choice' ? `${categories.length > 1 ? `${category}: ` : ''}${field.options.join(', ')}` : '',
    );
    note = `One of ${[...new Set(sets)].join('; ')}.`;
  } else if (first.kind === 'list') {
    note = 'Separate them with a semicolon, for example HDMI 2.1;DisplayPort 1.4;USB-C.';
  } else if (first.kind === 'integer') {
    note = 'A whole number.';
  } else if (first.kind === 'decimal') {
    note = 'A number; decimals allowed.';
  }
  return { label: specLabel(first), categories, note };
}

/** The specification columns: every CSV column that is not a product column. */
export const SPEC_COLUMNS = CSV_COLUMNS.filter((column) => !(column in PRODUCT_COLUMNS));
