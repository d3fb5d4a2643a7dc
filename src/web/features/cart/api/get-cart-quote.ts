import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CartLineInput, CartQuoteSchema } from '#shared/schemas/cart.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** `couponCode`: the code the shopper applied, priced with the lines (the quote says why not when it cannot be). */
export function cartQuoteQuery(lines: CartLineInput[], couponCode: string | null = null) {
  return queryOptions({
    queryKey: ['cart-quote', lines, couponCode],
    queryFn: ({ signal }) =>
      apiRequest('/cart/quote', {
        method: 'POST',
        body: { items: lines, ...(couponCode ? { couponCode } : {}) },
        schema: CartQuoteSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** The server's price of the cart: current prices, stock, the coupon's saving, shipping and GST share. */
export function useCartQuote(lines: CartLineInput[], couponCode: string | null = null) {
  return useQuery({ ...cartQuoteQuery(lines, couponCode), enabled: lines.length > 0 });
}
