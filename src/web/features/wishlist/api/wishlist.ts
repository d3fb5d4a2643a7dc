import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Wishlist, type WishlistItem, WishlistItemSchema, WishlistSchema } from '#shared/schemas/wishlist.ts';
import { z } from '#shared/schemas/zod-mini.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** One wishlist per signed-in customer: the key holds who, so another account never sees a cached one. */
const wishlistKey = (userId: string | null) => ['wishlist', userId] as const;

/** GET /api/wishlist, for a signed-in customer (`userId`); nothing is asked for anyone else. */
export function useWishlist(userId: string | null) {
  return useQuery({
    queryKey: wishlistKey(userId),
    queryFn: ({ signal }) => apiRequest('/wishlist', { schema: WishlistSchema, signal }),
    enabled: userId !== null,
    staleTime: 30_000,
  });
}

function update(queryClient: QueryClient, userId: string | null, change: (items: WishlistItem[]) => WishlistItem[]) {
  queryClient.setQueryData<Wishlist>(wishlistKey(userId), (wishlist) => (wishlist ? { items: change(wishlist.items) } : wishlist));
}

/** PUT /api/wishlist/:productId: saved at today's price (saving again changes nothing). */
export function useSaveToWishlist(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) => apiRequest(`/wishlist/${productId}`, { method: 'PUT', schema: WishlistItemSchema }),
    onSuccess: (item) => {
      update(queryClient, userId, (items) => [item, ...items.filter((existing) => existing.productId !== item.productId)]);
      void queryClient.invalidateQueries({ queryKey: wishlistKey(userId) });
    },
  });
}

/** DELETE /api/wishlist/:productId. */
export function useRemoveFromWishlist(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (productId: number) => {
      await apiRequest(`/wishlist/${productId}`, { method: 'DELETE', schema: z.null() });
      return productId;
    },
    onSuccess: (productId) => update(queryClient, userId, (items) => items.filter((item) => item.productId !== productId)),
  });
}
