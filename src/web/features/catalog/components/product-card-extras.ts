import { createContext, type ReactNode } from 'react';
import type { Product } from '#shared/schemas/catalog.ts';

/**
 * What the app adds at the foot of every product card (the wishlist's heart, Compare): features do
 * not import each other, so app/ provides it. No provider, no extras.
 */
export const ProductCardExtras = createContext<((product: Product) => ReactNode) | null>(null);
