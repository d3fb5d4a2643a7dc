import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CartLineInput, CartQuoteSchema } from '#shared/schemas/cart.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export function cartQuoteQuery(lines: CartLineInput[]) {
  return queryOptions({
    queryKey: ['cart-quote', lines],
    queryFn: ({ signal }) =>
      apiRequest('/cart/quote', { method: 'POST', body: { items: lines }, schema: CartQuoteSchema, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** The server's price of the cart: current prices, stock, shipping and GST share. */
export function useCartQuote(lines: CartLineInput[]) {
  return useQuery({ ...cartQuoteQuery(lines), enabled: lines.length > 0 });
}
