import type { Category } from './categories.ts';
import type { DesktopSpecs, LaptopSpecs, MonitorSpecs, ProductSpecs } from './schemas/catalog.ts';

/**
 * Spec facets: the values a shopper filters by. Each is derived from a product's specs,
 * stored as (key, value) attribute rows so every database can filter and count them with indexes.
 */
export interface SpecFacet {
  key: string;
  label: string;
  categories: readonly Category[];
  /** Values sort numerically when true, alphabetically otherwise. */
  numeric: boolean;
  extract: (category: Category, specs: ProductSpecs) => string | undefined;
  format: (value: string) => string;
}

/** 512 → "512 GB", 2048 → "2 TB". */
export function formatGigabytes(gigabytes: number): string {
  return gigabytes >= 1024 && gigabytes % 1024 === 0 ? `${gigabytes / 1024} TB` : `${gigabytes} GB`;
}

const gb = (value: string) => formatGigabytes(Number(value));

const RESOLUTION_NAMES: Record<string, string> = {
  '1920x1080': 'Full HD (1920×1080)',
  '2560x1080': 'UW-FHD (2560×1080)',
  '2560x1440': 'QHD (2560×1440)',
  '3440x1440': 'UW-QHD (3440×1440)',
  '3840x2160': '4K UHD (3840×2160)',
  '5120x2880': '5K (5120×2880)',
};

export const SPEC_FACETS: readonly SpecFacet[] = [
  {
    key: 'ram',
    label: 'RAM',
    categories: ['Laptop', 'Desktop'],
    numeric: true,
    extract: (category, specs) =>
      category === 'Monitor' ? undefined : String((specs as LaptopSpecs | DesktopSpecs).ramGb),
    format: gb,
  },
  {
    key: 'storage',
    label: 'Storage',
    categories: ['Laptop', 'Desktop'],
    numeric: true,
    extract: (category, specs) =>
      category === 'Monitor' ? undefined : String((specs as LaptopSpecs | DesktopSpecs).storageGb),
    format: gb,
  },
  {
    key: 'screenSize',
    label: 'Screen size',
    categories: ['Laptop', 'Monitor'],
    numeric: true,
    extract: (category, specs) => {
      if (category === 'Laptop') return String((specs as LaptopSpecs).displaySizeIn);
      if (category === 'Monitor') return String((specs as MonitorSpecs).sizeIn);
      return undefined;
    },
    format: (value) => `${value} inch`,
  },
  {
    key: 'os',
    label: 'Operating system',
    categories: ['Laptop'],
    numeric: false,
    extract: (category, specs) => (category === 'Laptop' ? (specs as LaptopSpecs).os : undefined),
    format: (value) => value,
  },
  {
    key: 'formFactor',
    label: 'Form factor',
    categories: ['Desktop'],
    numeric: false,
    extract: (category, specs) =>
      category === 'Desktop' ? (specs as DesktopSpecs).formFactor : undefined,
    format: (value) => value,
  },
  {
    key: 'resolution',
    label: 'Resolution',
    categories: ['Monitor'],
    numeric: false,
    extract: (category, specs) =>
      category === 'Monitor' ? (specs as MonitorSpecs).resolution : undefined,
    format: (value) => RESOLUTION_NAMES[value] ?? value,
  },
  {
    key: 'panel',
    label: 'Panel type',
    categories: ['Monitor'],
    numeric: false,
    extract: (category, specs) => (category === 'Monitor' ? (specs as MonitorSpecs).panel : undefined),
    format: (value) => value,
  },
  {
    key: 'refreshRate',
    label: 'Refresh rate',
    categories: ['Monitor'],
    numeric: true,
    extract: (category, specs) =>
      category === 'Monitor' ? String((specs as MonitorSpecs).refreshRateHz) : undefined,
    format: (value) => `${value} Hz`,
  },
  {
    // Not a spec: the listing index gives it to products whose customers rate them 4 stars or more
    // on average (see catalog-index's writeColumns), so it filters and counts as the specs do.
    key: 'rating',
    label: 'Customer rating',
    categories: ['Laptop', 'Desktop', 'Monitor'],
    numeric: true,
    extract: () => undefined,
    format: (value) => `${value}★ & above`,
  },
];

/** The customer rating's one value: an average of 4 stars or more. */
export const TOP_RATED = '4';

export const SPEC_FACET_KEYS = SPEC_FACETS.map((facet) => facet.key);

export function specFacet(key: string): SpecFacet | undefined {
  return SPEC_FACETS.find((facet) => facet.key === key);
}

/** The (key, value) attribute pairs a product contributes to the spec facets. */
export function productAttributes(category: Category, specs: ProductSpecs): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const facet of SPEC_FACETS) {
    if (!facet.categories.includes(category)) continue;
    const value = facet.extract(category, specs);
    if (value !== undefined) pairs.push([facet.key, value]);
  }
  return pairs;
}
