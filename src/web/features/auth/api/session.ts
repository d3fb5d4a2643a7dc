import { queryOptions } from '@tanstack/react-query';
import { CurrentUserSchema, type LoginInput, type RegisterCustomerInput, SessionResponseSchema } from '#shared/schemas/auth.ts';
import type { RegisterVendorInput } from '#shared/schemas/vendor-registration.ts';
import { z } from '#shared/schemas/zod-mini.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export const SESSION_QUERY_KEY = ['session'] as const;

export const sessionQuery = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: ({ signal }) => apiRequest('/auth/session', { schema: SessionResponseSchema, signal }),
  staleTime: 5 * 60_000,
  refetchOnWindowFocus: true,
});

const SignedInSchema = z.object({ user: CurrentUserSchema });

export function login(input: LoginInput) {
  return apiRequest('/auth/login', { method: 'POST', body: input, schema: SignedInSchema });
}

export function register(input: RegisterCustomerInput) {
  return apiRequest('/auth/register', { method: 'POST', body: input, schema: SignedInSchema });
}

export function registerVendor(input: RegisterVendorInput) {
  return apiRequest('/auth/vendor-register', { method: 'POST', body: input, schema: SignedInSchema });
}

export function logout() {
  return apiRequest('/auth/logout', { method: 'POST', schema: z.null() });
}
