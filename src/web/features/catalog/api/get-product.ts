import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProductSchema } from '#shared/schemas/catalog.ts';
import { z } from '#shared/schemas/zod-mini.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export function productQuery(id: number) {
  return queryOptions({
    queryKey: ['product', id],
    queryFn: ({ signal }) => apiRequest(`/products/${id}`, { schema: ProductSchema, signal }),
    staleTime: 30_000,
  });
}

export function useProduct(id: number) {
  return useQuery(productQuery(id));
}

const RelatedSchema = z.object({ items: z.array(ProductSchema) });

export function useRelatedProducts(id: number) {
  return useQuery({
    queryKey: ['product', id, 'related'],
    queryFn: ({ signal }) => apiRequest(`/products/${id}/related`, { schema: RelatedSchema, signal }),
    staleTime: 60_000,
  });
}
