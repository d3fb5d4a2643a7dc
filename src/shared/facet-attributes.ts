import type { Category } from './categories.ts';
import { SPEC_FACETS } from './facets.ts';
import type { DesktopSpecs, LaptopSpecs, MonitorSpecs, ProductSpecs } from './schemas/catalog.ts';
import { graphicsFamily, processorFamily } from './spec-families.ts';

type Extract = (category: Category, specs: ProductSpecs) => string | undefined;

/**
 * How each spec facet's value is read from a product's specs (the server writes them as attribute
 * rows when a product is created or edited; migrations backfill them). Apart from the facets
 * themselves so the storefront's pages, which only show facets, do not carry it.
 */
const EXTRACT: Record<string, Extract> = {
  ram: (category, specs) => (category === 'Monitor' ? undefined : String((specs as LaptopSpecs | DesktopSpecs).ramGb)),
  storage: (category, specs) => (category === 'Monitor' ? undefined : String((specs as LaptopSpecs | DesktopSpecs).storageGb)),
  processor: (category, specs) => (category === 'Monitor' ? undefined : processorFamily((specs as LaptopSpecs | DesktopSpecs).processor)),
  graphics: (category, specs) => (category === 'Monitor' ? undefined : graphicsFamily((specs as LaptopSpecs | DesktopSpecs).graphics)),
  screenSize: (category, specs) => {
    if (category === 'Laptop') return String((specs as LaptopSpecs).displaySizeIn);
    if (category === 'Monitor') return String((specs as MonitorSpecs).sizeIn);
    return undefined;
  },
  os: (category, specs) => (category === 'Laptop' ? (specs as LaptopSpecs).os : undefined),
  formFactor: (category, specs) => (category === 'Desktop' ? (specs as DesktopSpecs).formFactor : undefined),
  resolution: (category, specs) => (category === 'Monitor' ? (specs as MonitorSpecs).resolution : undefined),
  panel: (category, specs) => (category === 'Monitor' ? (specs as MonitorSpecs).panel : undefined),
  refreshRate: (category, specs) => (category === 'Monitor' ? String((specs as MonitorSpecs).refreshRateHz) : undefined),
  // rating: not a spec (see facets.ts)
};

/** The (key, value) attribute pairs a product contributes to the spec facets. */
export function productAttributes(category: Category, specs: ProductSpecs): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const facet of SPEC_FACETS) {
    if (!facet.categories.includes(category)) continue;
    const value = EXTRACT[facet.key]?.(category, specs);
    if (value !== undefined) pairs.push([facet.key, value]);
  }
  return pairs;
}
