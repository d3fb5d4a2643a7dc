import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FulfilmentStatus } from '#shared/order-states.ts';
import {
  PublicStoreSchema,
  SettlementSchema,
  VendorOrderListSchema,
  VendorOrderSchema,
  VendorOverviewSchema,
  VendorProfileSchema,
  type Settlement,
  type ShipInputSchema,
  type VendorOrder,
  type VendorOverview,
  type VendorProfile,
  type VendorProfileInput,
} from '#shared/schemas/vendor.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';

/** The periods the overview and the settlements cover, in days. */
export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = 30;

export type VendorOrderList = z.infer<typeof VendorOrderListSchema>;
export type PublicStore = z.infer<typeof PublicStoreSchema>;
export type ShipInput = z.output<typeof ShipInputSchema>;

/** Every query of the vendor's shop lives under ['vendor-shop', …]. */
export const vendorShopKeys = {
  all: ['vendor-shop'] as const,
  overviews: () => ['vendor-shop', 'overview'] as const,
  overview: (days: Period) => ['vendor-shop', 'overview', days] as const,
  orderLists: () => ['vendor-shop', 'orders'] as const,
  orders: (query: VendorOrdersQuery) => ['vendor-shop', 'orders', query] as const,
  settlementsAll: () => ['vendor-shop', 'settlements'] as const,
  settlements: (days: Period) => ['vendor-shop', 'settlements', days] as const,
  profile: () => ['vendor-shop', 'profile'] as const,
  stores: () => ['vendor-shop', 'store'] as const,
  store: (slug: string) => ['vendor-shop', 'store', slug] as const,
};

// ---- Requests -------------------------------------------------------------------------------

export function fetchVendorOverview(days: Period, signal?: AbortSignal): Promise<VendorOverview> {
  return apiRequest('/vendor/overview', { query: { days }, schema: VendorOverviewSchema, signal });
}

/** Which of the vendor's orders to show: a status (all when none), an order number or customer's name, and a page. */
export interface VendorOrdersQuery {
  status?: FulfilmentStatus;
  q?: string;
  page: number;
}

/** A page of this vendor's lines of each order, newest first. */
export function fetchVendorOrders(query: VendorOrdersQuery, signal?: AbortSignal): Promise<VendorOrderList> {
  return apiRequest('/vendor/orders', { query: { ...query }, schema: VendorOrderListSchema, signal });
}

/** 409 with a message for an unpaid or cancelled order. */
export function packFulfilment(fulfilmentId: number): Promise<VendorOrder> {
  return apiRequest(`/vendor/fulfilments/${fulfilmentId}/pack`, { method: 'POST', schema: VendorOrderSchema });
}

export interface ShipFulfilmentVariables extends ShipInput {
  fulfilmentId: number;
}

export function shipFulfilment({ fulfilmentId, carrier, trackingNumber }: ShipFulfilmentVariables): Promise<VendorOrder> {
  return apiRequest(`/vendor/fulfilments/${fulfilmentId}/ship`, {
    method: 'POST',
    body: { carrier, trackingNumber },
    schema: VendorOrderSchema,
  });
}

/** 409 with a message before the parcel has shipped. */
export function deliverFulfilment(fulfilmentId: number): Promise<VendorOrder> {
  return apiRequest(`/vendor/fulfilments/${fulfilmentId}/deliver`, { method: 'POST', schema: VendorOrderSchema });
}

export function fetchSettlement(days: Period, signal?: AbortSignal): Promise<Settlement> {
  return apiRequest('/vendor/settlements', { query: { days }, schema: SettlementSchema, signal });
}

export function fetchVendorProfile(signal?: AbortSignal): Promise<VendorProfile> {
  return apiRequest('/vendor/profile', { schema: VendorProfileSchema, signal });
}

export function updateVendorProfile(input: VendorProfileInput): Promise<VendorProfile> {
  return apiRequest('/vendor/profile', { method: 'PUT', body: input, schema: VendorProfileSchema });
}

/** A shop's public page header; an unknown slug fails with ApiError 404. */
export function fetchPublicStore(slug: string, signal?: AbortSignal): Promise<PublicStore> {
  return apiRequest(`/stores/${encodeURIComponent(slug)}`, { schema: PublicStoreSchema, signal });
}

// ---- Queries --------------------------------------------------------------------------------

export function vendorOverviewQuery(days: Period) {
  return queryOptions({
    queryKey: vendorShopKeys.overview(days),
    queryFn: ({ signal }) => fetchVendorOverview(days, signal),
  });
}

export function vendorOrdersQuery(query: VendorOrdersQuery) {
  return queryOptions({
    queryKey: vendorShopKeys.orders(query),
    queryFn: ({ signal }) => fetchVendorOrders(query, signal),
  });
}

export function settlementQuery(days: Period) {
  return queryOptions({
    queryKey: vendorShopKeys.settlements(days),
    queryFn: ({ signal }) => fetchSettlement(days, signal),
  });
}

export function vendorProfileQuery() {
  return queryOptions({
    queryKey: vendorShopKeys.profile(),
    queryFn: ({ signal }) => fetchVendorProfile(signal),
  });
}

export function publicStoreQuery(slug: string) {
  return queryOptions({
    queryKey: vendorShopKeys.store(slug),
    queryFn: ({ signal }) => fetchPublicStore(slug, signal),
  });
}

/** The period's figures; the previous period's stay on screen while another loads. */
export function useVendorOverview(days: Period) {
  return useQuery({ ...vendorOverviewQuery(days), placeholderData: keepPreviousData });
}

/** A page of this vendor's orders, newest first; the last page stays on screen while another loads. */
export function useVendorOrders(query: VendorOrdersQuery) {
  return useQuery({ ...vendorOrdersQuery(query), placeholderData: keepPreviousData });
}

export function useSettlement(days: Period) {
  return useQuery({ ...settlementQuery(days), placeholderData: keepPreviousData });
}

export function useVendorProfile() {
  return useQuery(vendorProfileQuery());
}

export function usePublicStore(slug: string) {
  return useQuery(publicStoreQuery(slug));
}

// ---- Mutations ------------------------------------------------------------------------------

/**
 * The API answers the changed order. It replaces the card in every cached list at once, so the
 * order the vendor just packed stays on screen (with its next action) even under "To pack"; the
 * lists are marked stale so they are fetched again when next shown. The overview's counts and the
 * settlements change too. A 409 means the order changed under us (it was cancelled, say): the
 * lists on screen are fetched again so the actions match what is allowed.
 */
function useFulfilmentUpdates() {
  const queryClient = useQueryClient();
  return {
    onSuccess: (order: VendorOrder) => {
      queryClient.setQueriesData<VendorOrderList>({ queryKey: vendorShopKeys.orderLists() }, (list) =>
        list ? { ...list, items: list.items.map((item) => (item.fulfilmentId === order.fulfilmentId ? order : item)) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: vendorShopKeys.orderLists(), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: vendorShopKeys.overviews() });
      void queryClient.invalidateQueries({ queryKey: vendorShopKeys.settlementsAll() });
    },
    onError: (error: Error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: vendorShopKeys.orderLists() });
        void queryClient.invalidateQueries({ queryKey: vendorShopKeys.overviews() });
      }
    },
  };
}

export function usePackFulfilment() {
  const updates = useFulfilmentUpdates();
  return useMutation({ mutationKey: ['vendor-shop', 'pack'], mutationFn: packFulfilment, ...updates });
}

export function useShipFulfilment() {
  const updates = useFulfilmentUpdates();
  return useMutation({ mutationKey: ['vendor-shop', 'ship'], mutationFn: shipFulfilment, ...updates });
}

export function useDeliverFulfilment() {
  const updates = useFulfilmentUpdates();
  return useMutation({ mutationKey: ['vendor-shop', 'deliver'], mutationFn: deliverFulfilment, ...updates });
}

/** Saves the profile; the threshold changes the overview's low-stock list, the name the public page. */
export function useUpdateVendorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['vendor-shop', 'profile', 'update'],
    mutationFn: updateVendorProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(vendorShopKeys.profile(), profile);
      void queryClient.invalidateQueries({ queryKey: vendorShopKeys.overviews() });
      void queryClient.invalidateQueries({ queryKey: vendorShopKeys.stores() });
    },
  });
}
