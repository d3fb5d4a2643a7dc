import type { Category } from './categories.ts';

/**
 * Spec facets: the values a shopper filters by. Each is derived from a product's specs (see
 * facet-attributes.ts, which the storefront's pages do not load), stored as (key, value) attribute
 * rows so every database can filter and count them with indexes.
 */
export interface SpecFacet {
  key: string;
  label: string;
  categories: readonly Category[];
  /** Values sort numerically when true, alphabetically otherwise. */
  numeric: boolean;
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
    format: gb,
  },
  {
    key: 'storage',
    label: 'Storage',
    categories: ['Laptop', 'Desktop'],
    numeric: true,
    format: gb,
  },
  {
    key: 'processor',
    label: 'Processor',
    categories: ['Laptop', 'Desktop'],
    numeric: false,
    format: (value) => value,
  },
  {
    key: 'graphics',
    label: 'Graphics',
    categories: ['Laptop', 'Desktop'],
    numeric: false,
    format: (value) => value,
  },
  {
    key: 'screenSize',
    label: 'Screen size',
    categories: ['Laptop', 'Monitor'],
    numeric: true,
    format: (value) => `${value} inch`,
  },
  {
    key: 'os',
    label: 'Operating system',
    categories: ['Laptop'],
    numeric: false,
    format: (value) => value,
  },
  {
    key: 'formFactor',
    label: 'Form factor',
    categories: ['Desktop'],
    numeric: false,
    format: (value) => value,
  },
  {
    key: 'resolution',
    label: 'Resolution',
    categories: ['Monitor'],
    numeric: false,
    format: (value) => RESOLUTION_NAMES[value] ?? value,
  },
  {
    key: 'panel',
    label: 'Panel type',
    categories: ['Monitor'],
    numeric: false,
    format: (value) => value,
  },
  {
    key: 'refreshRate',
    label: 'Refresh rate',
    categories: ['Monitor'],
    numeric: true,
    format: (value) => `${value} Hz`,
  },
  {
    // Not a spec, so no attribute rows: the listing index gives it to products whose customers rate
    // them 4 stars or more on average (see listing-index/listing-columns.ts), so it filters and counts
    // as the specs do.
    key: 'rating',
    label: 'Customer rating',
    categories: ['Laptop', 'Desktop', 'Monitor'],
    numeric: true,
    format: (value) => `${value}★ & above`,
  },
];

/** The customer rating's one value: an average of 4 stars or more. */
export const TOP_RATED = '4';

// Pure: a page that only formats gigabytes leaves the facets out of its bundle.
export const SPEC_FACET_KEYS = /* @__PURE__ */ SPEC_FACETS.map((facet) => facet.key);

export function specFacet(key: string): SpecFacet | undefined {
  return SPEC_FACETS.find((facet) => facet.key === key);
}
