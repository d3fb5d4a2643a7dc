import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '#shared/errors.ts';
import { MAX_IMAGE_BYTES, type Media } from '#shared/schemas/vendor.ts';
import type { Db } from '#server/db/database.ts';

/** JPEG, PNG and WebP by their first bytes: a renamed text file is not an image. */
function looksLikeImage(bytes: Buffer): boolean {
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const webp = bytes.subarray(0, 4).toString('ascii') === 'RIFF' && bytes.subarray(8, 12).toString('ascii') === 'WEBP';
  return jpeg || png || webp;
}

export const MEDIA_URL_PREFIX = '/media/';

/**
 * An uploaded image as the store keeps it, whoever sent it (a seller's product image, a customer's
 * photo of a return): at most 5 MB, a JPEG, PNG or WebP by its content, decoded and re-encoded to
 * WebP at most 1600 px a side with its metadata (location, camera) stripped.
 */
export async function reencodeImage(bytes: Buffer): Promise<{ data: Buffer; info: { width: number; height: number } }> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'Images must be 5 MB or smaller');
  if (!looksLikeImage(bytes)) throw new AppError('VALIDATION_FAILED', 'The file is not a JPEG, PNG or WebP image');
  try {
    // Loaded on the first upload: libvips is large, and most processes never re-encode an image.
    const { default: sharp } = await import('sharp');
    return await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The image could not be read; it may be damaged');
  }
}

/**
 * Product images uploaded by vendors. Never served as sent: checked by content, decoded, and
 * re-encoded to WebP (at most 1600 px a side, metadata stripped) under DATA_DIR/uploads.
 */
export function createMediaService({ db, dataDir }: { db: Db; dataDir: string }) {
  const root = path.join(dataDir, 'uploads');
  mkdirSync(root, { recursive: true });
  return {
    root,

    async upload(vendorId: number, bytes: Buffer): Promise<Media> {
      const output = await reencodeImage(bytes);
      const relative = `v${vendorId}/${randomUUID()}.webp`;
      await mkdir(path.join(root, `v${vendorId}`), { recursive: true });
      await writeFile(path.join(root, relative), output.data);
      const media = {
        url: `${MEDIA_URL_PREFIX}${relative}`,
        width: output.info.width,
        height: output.info.height,
        bytes: output.data.length,
      };
      await db
        .insertInto('media')
        .values({
          vendor_id: vendorId,
          url: media.url,
          width: media.width,
          height: media.height,
          bytes: media.bytes,
          created_at: new Date().toISOString(),
        })
        .execute();
      return media;
    },

    /** Which of these image URLs the vendor uploaded. */
    async ownedBy(vendorId: number, urls: readonly string[]): Promise<Set<string>> {
      if (urls.length === 0) return new Set();
      const rows = await db.selectFrom('media').select('url').where('vendor_id', '=', vendorId).where('url', 'in', urls).execute();
      return new Set(rows.map((row) => row.url));
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
