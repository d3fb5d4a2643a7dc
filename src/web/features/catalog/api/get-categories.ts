import { queryOptions, useQuery } from '@tanstack/react-query';
import { CategoryListSchema } from '#shared/schemas/catalog.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export const categoriesQuery = queryOptions({
  queryKey: ['categories'],
  queryFn: ({ signal }) => apiRequest('/categories', { schema: CategoryListSchema, signal }),
  staleTime: 60_000,
});

export function useCategories() {
  return useQuery(categoriesQuery);
}
