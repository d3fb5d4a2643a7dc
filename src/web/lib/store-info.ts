import { queryOptions, useQuery } from '@tanstack/react-query';
import { StoreInfoSchema } from '#shared/schemas/store.ts';
import { DEFAULT_STORE_INFO, type StoreInfo } from '#shared/store-info.ts';
import { apiRequest } from './api-client.ts';

export const storeInfoQuery = queryOptions({
  queryKey: ['store-info'],
  queryFn: ({ signal }) => apiRequest('/store', { schema: StoreInfoSchema, signal }),
  staleTime: Infinity,
});

/** The store's name and contact details from the server's configuration. */
export function useStoreInfo(): StoreInfo {
  const { data } = useQuery(storeInfoQuery);
  return data ?? DEFAULT_STORE_INFO;
}
