import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Order, OrderListSchema, OrderSchema, type OrderSummary } from '#shared/schemas/orders.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';

/** The signed-in shopper's order list; every order's details live under it as ['orders', id]. */
export const ORDERS_QUERY_KEY = ['orders'] as const;

export function orderQueryKey(id: number) {
  return ['orders', id] as const;
}

export function fetchOrders(signal?: AbortSignal) {
  return apiRequest('/orders', { schema: OrderListSchema, signal });
}

export function fetchOrder(id: number, signal?: AbortSignal): Promise<Order> {
  return apiRequest(`/orders/${id}`, { schema: OrderSchema, signal });
}

/** Answers 409 once the order can no longer be cancelled (a shipment has left, say). */
export function cancelOrder(id: number): Promise<Order> {
  return apiRequest(`/orders/${id}/cancel`, { method: 'POST', schema: OrderSchema });
}

export interface RequestReturnVariables {
  id: number;
  /** 10–1000 characters */
  reason: string;
}

/** Answers 409 outside the 10-day return window. */
export function requestReturn({ id, reason }: RequestReturnVariables): Promise<Order> {
  return apiRequest(`/orders/${id}/return`, { method: 'POST', body: { reason }, schema: OrderSchema });
}

export function ordersQuery() {
  return queryOptions({
    queryKey: ORDERS_QUERY_KEY,
    queryFn: ({ signal }) => fetchOrders(signal),
  });
}

export function orderQuery(id: number) {
  return queryOptions({
    queryKey: orderQueryKey(id),
    queryFn: ({ signal }) => fetchOrder(id, signal),
  });
}

const selectItems = (list: { items: OrderSummary[] }): OrderSummary[] => list.items;

/** The signed-in shopper's orders, newest first (`data` is the array). */
export function useOrders() {
  return useQuery({ ...ordersQuery(), select: selectItems });
}

/** One order; an unknown id or another shopper's order fails with ApiError 404. */
export function useOrder(id: number) {
  return useQuery(orderQuery(id));
}

/**
 * After a change the API answers the whole order: it replaces the cached details, and the list
 * (whose status and totals may have changed) is marked stale. A 409 means the order changed
 * under us, so its details are fetched again and the actions on screen match what is allowed.
 */
function useOrderUpdates<Variables>(orderIdOf: (variables: Variables) => number) {
  const queryClient = useQueryClient();
  return {
    onSuccess: (order: Order) => {
      queryClient.setQueryData(orderQueryKey(order.id), order);
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY, exact: true });
    },
    onError: (error: Error, variables: Variables) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: orderQueryKey(orderIdOf(variables)) });
        void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY, exact: true });
      }
    },
  };
}

export function useCancelOrder() {
  const updates = useOrderUpdates((id: number) => id);
  return useMutation({
    mutationKey: ['orders', 'cancel'],
    mutationFn: cancelOrder,
    ...updates,
  });
}

export function useRequestReturn() {
  const updates = useOrderUpdates((variables: RequestReturnVariables) => variables.id);
  return useMutation({
    mutationKey: ['orders', 'return'],
    mutationFn: requestReturn,
    ...updates,
  });
}
