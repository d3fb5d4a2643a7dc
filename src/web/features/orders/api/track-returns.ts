import { useMutation } from '@tanstack/react-query';
import {
  type ReturnConfirmation,
  ReturnConfirmationSchema,
  type TrackedOrder,
  TrackedOrderSchema,
  type TrackOrderInput,
} from '#shared/schemas/guest-checkout.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { type ReturnRequest, type ReturnSender, uploadReturnPhoto } from './returns.ts';

/**
 * A guest's returns at /track. Every call carries the order's number and e-mail, the proof /track
 * took (nothing is kept on the server between calls), and answers the tracked order afresh.
 */

/**
 * POST /api/track/returns: units of one delivered line, as a member asks (409 outside its 10 days,
 * or past what is left). It waits for the link mailed to the order's address.
 */
export function requestTrackedReturn(order: TrackOrderInput, input: ReturnRequest): Promise<TrackedOrder> {
  return apiRequest('/track/returns', { method: 'POST', body: { ...order, return: input }, schema: TrackedOrderSchema });
}

/** POST /api/track/returns/{id}/cancel: only while nobody has acted on it (409 after). */
export function cancelTrackedReturn(order: TrackOrderInput, returnId: number): Promise<TrackedOrder> {
  return apiRequest(`/track/returns/${returnId}/cancel`, { method: 'POST', body: order, schema: TrackedOrderSchema });
}

/** The return form's calls for a guest's order; `onOrder` takes the order each answer brings. */
export function useTrackedReturnSender(order: TrackOrderInput, onOrder: (tracked: TrackedOrder) => void): ReturnSender {
  const request = useMutation({
    mutationKey: ['track', 'return'],
    mutationFn: (input: ReturnRequest) => requestTrackedReturn(order, input),
    onSuccess: onOrder,
  });
  const upload = useMutation({
    mutationKey: ['track', 'return-photo'],
    mutationFn: (file: File) =>
      uploadReturnPhoto(file, { url: '/api/track/returns/photos', fields: { number: order.number, email: order.email } }),
  });
  return {
    send: (input, handlers) => request.mutate(input, handlers),
    pending: request.isPending,
    error: request.error,
    upload: upload.mutateAsync,
    uploading: upload.isPending,
    confirmByMailTo: order.email,
  };
}

export function useCancelTrackedReturn(order: TrackOrderInput, onOrder: (tracked: TrackedOrder) => void) {
  return useMutation({
    mutationKey: ['track', 'cancel-return'],
    mutationFn: (returnId: number) => cancelTrackedReturn(order, returnId),
    onSuccess: onOrder,
  });
}

/** POST /api/track/returns/confirm: the mailed link's token; 409 when it was used already, 410 when it expired or is wrong. */
export function confirmTrackedReturn(token: string): Promise<ReturnConfirmation> {
  return apiRequest('/track/returns/confirm', { method: 'POST', body: { token }, schema: ReturnConfirmationSchema });
}

export function useConfirmTrackedReturn() {
  return useMutation({ mutationKey: ['track', 'confirm-return'], mutationFn: confirmTrackedReturn });
}
