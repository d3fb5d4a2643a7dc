import type { ErrorBody } from '#shared/errors.ts';
import { type Media, MediaSchema } from '#shared/schemas/vendor.ts';
import { ApiError } from './api-client.ts';

export interface UploadOptions {
  /** Called with 0…1 as the file goes up. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Turns a failed response's `{ error }` body (or its absence) into an ApiError. */
export function toApiError(status: number, payload: unknown, fallback?: string): ApiError {
  const error = (payload as Partial<ErrorBody> | null)?.error;
  return new ApiError(
    status,
    error?.code ?? 'INTERNAL',
    error?.message ?? fallback ?? `The request failed (${status}). Please try again.`,
    error?.details,
  );
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * POSTs an image to `url` (the vendor's or the admin's upload endpoint) as multipart field
 * "file". XMLHttpRequest rather than fetch, for upload progress. Same-origin, so the session
 * cookie goes along.
 */
export function uploadImage(url: string, file: File, { onProgress, signal }: UploadOptions = {}): Promise<Media> {
  return new Promise<Media>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
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
