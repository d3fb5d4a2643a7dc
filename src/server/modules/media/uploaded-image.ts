import type { FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors.ts';

/**
 * The bytes of the image a multipart request sends in its field "file" (product images, return
 * photos), refused with a clear message when the request is not multipart, sends no file, or sends
 * more than the multipart limit (5 MB). The image itself is checked where it is re-encoded.
 */
export async function uploadedImage(request: FastifyRequest, what: 'image' | 'photo' = 'image'): Promise<Buffer> {
  return (await uploadedImageWithFields(request, what)).bytes;
}

/** The same, with the text fields sent before the file (those after it are not read). */
export async function uploadedImageWithFields(
  request: FastifyRequest,
  what: 'image' | 'photo' = 'image',
): Promise<{ bytes: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', `Send the ${what} as multipart/form-data in a field named "file"`);
  const file = await request.file();
  if (!file) throw new AppError('VALIDATION_FAILED', 'No file was sent');
  const fields: Record<string, string> = {};
  for (const [name, part] of Object.entries(file.fields)) {
    const first = Array.isArray(part) ? part[0] : part;
    if (first && first.type === 'field' && typeof first.value === 'string') fields[name] = first.value;
  }
  try {
    return { bytes: await file.toBuffer(), fields };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', 'Images must be 5 MB or smaller');
    throw error;
  }
}
