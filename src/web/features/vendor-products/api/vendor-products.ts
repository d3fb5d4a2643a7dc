import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ImportReportSchema,
  VendorProductListSchema,
  VendorProductSchema,
  type ImportReport,
  type Media,
  type ModerationReplyInput,
  type VENDOR_PRODUCT_SORTS,
  type VendorProduct,
  type VendorProductInput,
  type VendorProductState,
  type VendorProductUpdate,
} from '#shared/schemas/vendor.ts';
import { apiRequest, toSearchParams } from '#web/lib/api-client.ts';
import { toApiError, uploadImage, type UploadOptions } from '#web/lib/upload-image.ts';

export type VendorProductList = z.infer<typeof VendorProductListSchema>;
export type VendorProductSort = (typeof VENDOR_PRODUCT_SORTS)[number];

/** What the product list asks for; undefined values are left out of the URL. */
export interface VendorProductListParams {
  q?: string;
  status?: VendorProductState;
  sort?: VendorProductSort;
  page?: number;
  pageSize?: number;
}

export const vendorProductKeys = {
  all: ['vendor-products'] as const,
  lists: () => ['vendor-products', 'list'] as const,
  list: (params: VendorProductListParams) => ['vendor-products', 'list', params] as const,
  details: () => ['vendor-products', 'detail'] as const,
  detail: (id: number) => ['vendor-products', 'detail', id] as const,
};

// ---------------------------------------------------------------------------------------------
// Plain calls

export function fetchVendorProducts(params: VendorProductListParams, signal?: AbortSignal): Promise<VendorProductList> {
  return apiRequest('/vendor/products', {
    query: { q: params.q, status: params.status, sort: params.sort, page: params.page, pageSize: params.pageSize },
    schema: VendorProductListSchema,
    signal,
  });
}

export function fetchVendorProduct(id: number, signal?: AbortSignal): Promise<VendorProduct> {
  return apiRequest(`/vendor/products/${id}`, { schema: VendorProductSchema, signal });
}

export function createVendorProduct(input: VendorProductInput): Promise<VendorProduct> {
  return apiRequest('/vendor/products', { method: 'POST', body: input, schema: VendorProductSchema });
}

export interface UpdateVendorProductVariables {
  id: number;
  /** stockWas: the stock the form was filled from; the server moves stock by the change from it. */
  input: VendorProductUpdate;
}

export function updateVendorProduct({ id, input }: UpdateVendorProductVariables): Promise<VendorProduct> {
  return apiRequest(`/vendor/products/${id}`, { method: 'PUT', body: input, schema: VendorProductSchema });
}

export interface UpdateStockVariables {
  id: number;
  stock: number;
  /** the stock shown when the vendor started typing; the server moves stock by the change from it */
  stockWas: number;
}

export function updateVendorProductStock({ id, stock, stockWas }: UpdateStockVariables): Promise<VendorProduct> {
  return apiRequest(`/vendor/products/${id}/stock`, { method: 'PATCH', body: { stock, stockWas }, schema: VendorProductSchema });
}

export interface ModerationReplyVariables {
  id: number;
  input: ModerationReplyInput;
}

/** POST /api/vendor/products/:id/moderation-reply: answers the hiding of the product; 409 unless it is hidden. */
export function replyToModeration({ id, input }: ModerationReplyVariables): Promise<VendorProduct> {
  return apiRequest(`/vendor/products/${id}/moderation-reply`, { method: 'POST', body: input, schema: VendorProductSchema });
}

export function archiveVendorProduct(id: number): Promise<VendorProduct> {
  return apiRequest(`/vendor/products/${id}/archive`, { method: 'POST', schema: VendorProductSchema });
}

/** Answers 204 with no body; apiRequest reads that as null. 409 when the product has orders. */
export async function deleteVendorProduct(id: number): Promise<void> {
  await apiRequest(`/vendor/products/${id}`, { method: 'DELETE', schema: z.null() });
}

/** POST /api/vendor/media: an image into the vendor's own uploads. */
export const uploadVendorMedia = (file: File, options?: UploadOptions): Promise<Media> => uploadImage('/api/vendor/media', file, options);

export interface ImportVariables {
  /** The CSV file's text, sent as it is. */
  csv: string;
  dryRun: boolean;
}

/** POST /api/vendor/products/import: a dry run checks every row; a real run writes the valid ones. */
export async function importVendorProducts({ csv, dryRun }: ImportVariables): Promise<ImportReport> {
  const response = await fetch(`/api/vendor/products/import?${toSearchParams({ dryRun }).toString()}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', accept: 'application/json' },
    body: csv,
    credentials: 'same-origin',
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toApiError(response.status, payload);
  return ImportReportSchema.parse(payload);
}

// ---------------------------------------------------------------------------------------------
// Queries

export function vendorProductsQuery(params: VendorProductListParams) {
  return queryOptions({
    queryKey: vendorProductKeys.list(params),
    queryFn: ({ signal }) => fetchVendorProducts(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useVendorProducts(params: VendorProductListParams) {
  return useQuery(vendorProductsQuery(params));
}

export function vendorProductQuery(id: number) {
  return queryOptions({
    queryKey: vendorProductKeys.detail(id),
    queryFn: ({ signal }) => fetchVendorProduct(id, signal),
  });
}

/** One of the vendor's products; disabled without an id (a new product). */
export function useVendorProduct(id: number | undefined) {
  return useQuery({
    queryKey: vendorProductKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchVendorProduct(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

// ---------------------------------------------------------------------------------------------
// Mutations: each stores the answered product and refreshes the lists.

function useAfterChange() {
  const queryClient = useQueryClient();
  return {
    saved: async (product: VendorProduct) => {
      queryClient.setQueryData(vendorProductKeys.detail(product.id), product);
      // Show the new values at once; the refetch below then settles order, counts and filters.
      queryClient.setQueriesData<VendorProductList>({ queryKey: vendorProductKeys.lists() }, (list) =>
        list ? { ...list, items: list.items.map((item) => (item.id === product.id ? product : item)) } : list,
      );
      await queryClient.invalidateQueries({ queryKey: vendorProductKeys.lists() });
    },
    deleted: async (id: number) => {
      queryClient.removeQueries({ queryKey: vendorProductKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: vendorProductKeys.lists() });
    },
    imported: () => queryClient.invalidateQueries({ queryKey: vendorProductKeys.all }),
  };
}

export function useCreateVendorProduct() {
  const after = useAfterChange();
  return useMutation({
    mutationKey: ['vendor-products', 'create'],
    mutationFn: createVendorProduct,
    onSuccess: (product) => void after.saved(product),
  });
}

export function useUpdateVendorProduct() {
  const after = useAfterChange();
  return useMutation({
    mutationKey: ['vendor-products', 'update'],
    mutationFn: updateVendorProduct,
    onSuccess: (product) => void after.saved(product),
  });
}

export function useUpdateVendorProductStock() {
  const after = useAfterChange();
  return useMutation({
    mutationKey: ['vendor-products', 'stock'],
    mutationFn: updateVendorProductStock,
    onSuccess: (product) => void after.saved(product),
  });
}

export function useReplyToModeration() {
  const after = useAfterChange();
  return useMutation({
    mutationKey: ['vendor-products', 'moderation-reply'],
    mutationFn: replyToModeration,
    onSuccess: (product) => void after.saved(product),
  });
}

export function useArchiveVendorProduct() {
  const after = useAfterChange();
  return useMutation({
    mutationKey: ['vendor-products', 'archive'],
    mutationFn: archiveVendorProduct,
    onSuccess: (product) => void after.saved(product),
  });
}

export function useDeleteVendorProduct() {
  const after = useAfterChange();
  return useMutation({
    mutationKey: ['vendor-products', 'delete'],
    mutationFn: deleteVendorProduct,
    onSuccess: (_data, id) => void after.deleted(id),
  });
}

/** Dry runs change nothing; a real import refreshes every vendor-product query. */
export function useImportVendorProducts() {
  const after = useAfterChange();
  return useMutation({
    mutationKey: ['vendor-products', 'import'],
    mutationFn: importVendorProducts,
    onSuccess: (report) => {
      if (!report.dryRun) void after.imported();
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Errors

/** The server's message for an API error, or the fallback: one function for the whole store. */
export { errorMessage } from '#web/lib/api-client.ts';
