import type { Media } from '#shared/schemas/vendor.ts';
import { uploadImage, type UploadOptions } from '#web/lib/upload-image.ts';

/** POST /api/admin/products/:id/media: an image into the product's shop's uploads; it joins the product when the edit is saved. */
export function uploadAdminProductImage(productId: number, file: File, options?: UploadOptions): Promise<Media> {
  return uploadImage(`/api/admin/products/${productId}/media`, file, options);
}
