import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SearchSuggestionsSchema } from '#shared/schemas/catalog.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export const suggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: ['search-suggestions', q],
    queryFn: ({ signal }) => apiRequest(`/search/suggestions?q=${encodeURIComponent(q)}`, { schema: SearchSuggestionsSchema, signal }),
    staleTime: 60_000,
  });

/** Suggestions for what the shopper has typed; the last answer stays while the next is on its way. */
export function useSuggestions(q: string) {
  return useQuery({ ...suggestionsQuery(q), enabled: q.length >= 2, placeholderData: keepPreviousData });
}
