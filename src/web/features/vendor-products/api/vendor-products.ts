import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ErrorBody } from '#shared/errors.ts';
import {
  ImportReportSchema,
  MediaSchema,
  VendorProductListSchema,
  VendorProductSchema,
  type ImportReport,
  type Media,
  type VENDOR_PRODUCT_SORTS,
  type VendorProduct,
  type VendorProductInput,
  type VendorProductUpdate,
} from '#shared/schemas/vendor.ts';
import { ApiError, apiRequest, toSearchParams } from '#web/lib/api-client.ts';

export type VendorProductList = z.infer<typeof VendorProductListSchema>;
export type VendorProductStatus = VendorProduct['status'];
export type VendorProductSort = (typeof VENDOR_PRODUCT_SORTS)[number];

/** What the product list asks for; undefined values are left out of the URL. */
export interface VendorProductListParams {
  q?: string;
  status?: VendorProductStatus;
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

export function archiveVendorProduct(id: number): Promise<VendorProduct> {
  return apiRequest(`/vendor/products/${id}/archive`, { method: 'POST', schema: VendorProductSchema });
}

/** Answers 204 with no body; apiRequest reads that as null. 409 when the product has orders. */
export async function deleteVendorProduct(id: number): Promise<void> {
  await apiRequest(`/vendor/products/${id}`, { method: 'DELETE', schema: z.null() });
}

/** Turns a failed response's `{ error }` body (or its absence) into an ApiError. */
function toApiError(status: number, payload: unknown, fallback?: string): ApiError {
  const error = (payload as Partial<ErrorBody> | null)?.error;
  return new ApiError(
    status,
    error?.code ?? 'INTERNAL',
    error?.message ?? fallback ?? `The request failed (${status}). Please try again.`,
    error?.details,
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export interface UploadOptions {
  /** Called with 0…1 as the file goes up. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/vendor/media with the image as multipart field "file". XMLHttpRequest rather than
 * fetch, for upload progress. Same-origin, so the session cookie goes along.
 */
export function uploadVendorMedia(file: File, { onProgress, signal }: UploadOptions = {}): Promise<Media> {
  return new Promise<Media>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/vendor/media');
    xhr.withCredentials = false; // same-origin requests carry cookies anyway
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.onload = () => {
      done();
      const payload = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = MediaSchema.safeParse(payload);
        if (parsed.success) {
          onProgress?.(1);
          resolve(parsed.data);
        } else reject(new ApiError(xhr.status, 'INTERNAL', 'The upload answer was not understood. Please try again.'));
        return;
      }
      const fallback =
        xhr.status === 413
          ? 'This image is larger than 5 MB. Please choose a smaller one.'
          : xhr.status === 400
            ? 'This file is not an image we can use. Please choose a JPEG, PNG or WebP image.'
            : undefined;
      reject(toApiError(xhr.status, payload, fallback));
    };
    xhr.onerror = () => {
      done();
      reject(new Error('The upload failed. Please check your internet connection and try again.'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };

    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}

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
