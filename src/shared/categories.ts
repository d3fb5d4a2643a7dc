export const CATEGORIES = ['Laptop', 'Desktop', 'Monitor'] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_LABELS: Record<Category, { singular: string; plural: string; blurb: string }> = {
  Laptop: {
    singular: 'Laptop',
    plural: 'Laptops',
    blurb: 'Ultrabooks, business and gaming laptops',
  },
  Desktop: {
    singular: 'Desktop',
    plural: 'Desktops',
    blurb: 'Towers, mini PCs and all-in-ones',
  },
  Monitor: {
    singular: 'Monitor',
    plural: 'Monitors',
    blurb: 'Office, creator and high-refresh gaming displays',
  },
};

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}
