import { type Category, CATEGORY_LABELS } from '#shared/categories.ts';
import type { Product, ProductSpecs } from '#shared/schemas/catalog.ts';
import type { ProposedContent } from './proposals.repository.ts';

/** A product's content (what every seller of it shares) and the words search finds it by. */

/** A product's details: what every seller of it shares. */
export function contentOf(product: Product): ProposedContent {
  const { name, brand, category, description, images, specs } = product;
  return { name, brand, category, description, images, specs: specs as Record<string, unknown> };
}

/** Whether an edit changes a product's content: what every seller of it shares. */
export function contentChanged(
  current: Product,
  content: { name: string; brand: string; category: Category; description: string; images: string; specs: string },
): boolean {
  return (
    current.name !== content.name ||
    current.brand !== content.brand ||
    current.category !== content.category ||
    current.description !== content.description ||
    JSON.stringify(current.images) !== content.images ||
    JSON.stringify(current.specs) !== content.specs
  );
}

/** The words a product is found by, besides its name and brand. */
export function searchText(category: Category, specs: ProductSpecs, description: string): string {
  const specWords = Object.values(specs).flatMap((value) => (Array.isArray(value) ? value : [value]));
  return [category, CATEGORY_LABELS[category].plural, ...specWords.map(String), description].join(' ');
}
