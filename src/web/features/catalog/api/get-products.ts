import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ProductListSchema } from '#shared/schemas/catalog.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import type { ListingQuery } from '../listing-query.ts';

/** GET /api/products, or GET /api/search when the query has text. */
export function productsQuery(query: ListingQuery) {
  const { q, ...filters } = query;
  const searching = q !== undefined;
  return queryOptions({
    queryKey: [searching ? 'search' : 'products', query],
    queryFn: ({ signal }) =>
      apiRequest(searching ? '/search' : '/products', {
        query: searching ? { q, ...filters } : filters,
        schema: ProductListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useProducts(query: ListingQuery) {
  return useQuery(productsQuery(query));
}
