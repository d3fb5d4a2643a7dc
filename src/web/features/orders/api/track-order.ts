import { useMutation } from '@tanstack/react-query';
import { type TrackOrderInput, TrackedOrderSchema } from '#shared/schemas/guest-checkout.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** An order by its number and e-mail (a POST: the e-mail stays out of addresses and logs). */
export function useTrackOrder() {
  return useMutation({
    mutationFn: (input: TrackOrderInput) => apiRequest('/track', { method: 'POST', body: input, schema: TrackedOrderSchema }),
  });
}
