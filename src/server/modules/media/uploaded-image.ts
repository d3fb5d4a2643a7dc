import type { FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors.ts';

/**
 * The bytes of the image a multipart request sends in its field "file" (product images, return
 * photos), refused with a clear message when the request is not multipart, sends no file, or sends
 * more than the multipart limit (5 MB). The image itself is checked where it is re-encoded.
 */
export async function uploadedImage(request: FastifyRequest, what: 'image' | 'photo' = 'image'): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', `Send the ${what} as multipart/form-data in a field named "file"`);
  const file = await request.file();
  if (!file) throw new AppError('VALIDATION_FAILED', 'No file was sent');
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', 'Images must be 5 MB or smaller');
    throw error;
  }
}
