import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AddressListSchema, AddressSchema, type Address, type AddressInput } from '#shared/schemas/account.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export const ADDRESSES_QUERY_KEY = ['addresses'] as const;
/** The signed-in user object carries the addresses too, so it is refreshed after every change. */
const SESSION_QUERY_KEY = ['session'] as const;

export type AddressList = z.infer<typeof AddressListSchema>;

export function fetchAddresses(signal?: AbortSignal): Promise<AddressList> {
  return apiRequest('/account/addresses', { schema: AddressListSchema, signal });
}

export function addAddress(input: AddressInput): Promise<Address> {
  return apiRequest('/account/addresses', { method: 'POST', body: input, schema: AddressSchema });
}

export interface UpdateAddressVariables {
  id: number;
  input: AddressInput;
}

export function updateAddress({ id, input }: UpdateAddressVariables): Promise<Address> {
  return apiRequest(`/account/addresses/${id}`, { method: 'PUT', body: input, schema: AddressSchema });
}

export function setDefaultAddress(id: number): Promise<Address> {
  return apiRequest(`/account/addresses/${id}/default`, { method: 'POST', schema: AddressSchema });
}

/** Answers 204 with no body; apiRequest reads that as null. */
export async function deleteAddress(id: number): Promise<void> {
  await apiRequest(`/account/addresses/${id}`, { method: 'DELETE', schema: z.null() });
}

/** The signed-in user's address book as the API answers it: `{ items }`, default first. */
export function addressesQuery() {
  return queryOptions({
    queryKey: ADDRESSES_QUERY_KEY,
    queryFn: ({ signal }) => fetchAddresses(signal),
  });
}

const selectItems = (list: AddressList): Address[] => list.items;

/** The signed-in user's addresses, default first (`data` is the array). */
export function useAddresses() {
  return useQuery({ ...addressesQuery(), select: selectItems });
}

/**
 * Refreshes the address book and the session after a change. The mutation stays pending until
 * the list has been fetched again, so the caller can move focus to what it just saved.
 */
function useInvalidateAddresses() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
    ]);
}

export function useAddAddress() {
  const invalidate = useInvalidateAddresses();
  return useMutation({
    mutationKey: ['addresses', 'add'],
    mutationFn: addAddress,
    onSuccess: invalidate,
  });
}

export function useUpdateAddress() {
  const invalidate = useInvalidateAddresses();
  return useMutation({
    mutationKey: ['addresses', 'update'],
    mutationFn: updateAddress,
    onSuccess: invalidate,
  });
}

export function useDeleteAddress() {
  const invalidate = useInvalidateAddresses();
  return useMutation({
    mutationKey: ['addresses', 'delete'],
    mutationFn: deleteAddress,
    onSuccess: invalidate,
  });
}

export function useSetDefaultAddress() {
  const invalidate = useInvalidateAddresses();
  return useMutation({
    mutationKey: ['addresses', 'set-default'],
    mutationFn: setDefaultAddress,
    onSuccess: invalidate,
  });
}
