import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ErrorBody } from '#shared/errors.ts';
import { type Order, OrderSchema } from '#shared/schemas/orders.ts';
import { type CreateReturnInput, type CreateReturnInputSchema, type ReturnPhoto, ReturnPhotoSchema } from '#shared/schemas/returns.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';
import { ORDERS_QUERY_KEY, orderQueryKey } from './orders.ts';

export interface RequestLineReturnVariables {
  orderId: number;
  input: CreateReturnInput;
}

/** POST /api/orders/{id}/returns: units of one delivered line (409 outside its 10 days, or past what is left to return). */
export function requestLineReturn({ orderId, input }: RequestLineReturnVariables): Promise<Order> {
  return apiRequest(`/orders/${orderId}/returns`, { method: 'POST', body: input, schema: OrderSchema });
}

export interface CancelReturnVariables {
  orderId: number;
  returnId: number;
}

/** POST /api/returns/{id}/cancel: only while nobody has acted on it (409 after). */
export function cancelReturn({ returnId }: CancelReturnVariables): Promise<Order> {
  return apiRequest(`/returns/${returnId}/cancel`, { method: 'POST', schema: OrderSchema });
}

/**
 * POST /api/returns/photos: one photo (multipart), checked and re-encoded by the server; its id
 * goes with the return. A guest's goes to /api/track/returns/photos with the order's number and
 * e-mail, sent before the file as the server reads them.
 */
export async function uploadReturnPhoto(
  file: File,
  to: { url: string; fields: Record<string, string> } = { url: '/api/returns/photos', fields: {} },
): Promise<ReturnPhoto> {
  const body = new FormData();
  for (const [name, value] of Object.entries(to.fields)) body.append(name, value);
  body.append('file', file);
  const response = await fetch(to.url, { method: 'POST', body, credentials: 'same-origin' });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (payload as Partial<ErrorBody> | null)?.error;
    const fallback =
      response.status === 413
        ? 'This photo is larger than 5 MB. Please choose a smaller one.'
        : 'This photo could not be uploaded. Please try again.';
    throw new ApiError(response.status, error?.code ?? 'INTERNAL', error?.message ?? fallback, error?.details);
  }
  return ReturnPhotoSchema.parse(payload);
}

/** The order's page takes the order the API answers; the list is marked stale. A 409 reloads the order. */
function useOrderAnswer<Variables extends { orderId: number }>() {
  const queryClient = useQueryClient();
  return {
    onSuccess: (order: Order) => {
      queryClient.setQueryData(orderQueryKey(order.id), order);
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY, exact: true });
    },
    onError: (error: Error, variables: Variables) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: orderQueryKey(variables.orderId) });
    },
  };
}

export function useRequestLineReturn() {
  return useMutation({
    mutationKey: ['orders', 'line-return'],
    mutationFn: requestLineReturn,
    ...useOrderAnswer<RequestLineReturnVariables>(),
  });
}

export function useCancelReturn() {
  return useMutation({ mutationKey: ['orders', 'cancel-return'], mutationFn: cancelReturn, ...useOrderAnswer<CancelReturnVariables>() });
}

export function useUploadReturnPhoto() {
  return useMutation({ mutationKey: ['orders', 'return-photo'], mutationFn: (file: File) => uploadReturnPhoto(file) });
}

/** The return as the form sends it (after the shared schema's defaults). */
export type ReturnRequest = z.output<typeof CreateReturnInputSchema>;

/**
 * Where the return form sends a return and its photos: the member's order (signed in), or a
 * guest's order at /track (its number and e-mail). The form is the same; only the calls differ.
 */
export interface ReturnSender {
  send: (input: ReturnRequest, handlers: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  pending: boolean;
  error: Error | null;
  upload: (file: File) => Promise<ReturnPhoto>;
  uploading: boolean;
  /** a guest's request waits for the link mailed to this address (the order's) */
  confirmByMailTo?: string;
}

/** The member's: POST /api/orders/{id}/returns and /api/returns/photos. */
export function useOrderReturnSender(orderId: number): ReturnSender {
  const request = useRequestLineReturn();
  const upload = useUploadReturnPhoto();
  return {
    send: (input, handlers) => request.mutate({ orderId, input }, handlers),
    pending: request.isPending,
    error: request.error,
    upload: upload.mutateAsync,
    uploading: upload.isPending,
  };
}
