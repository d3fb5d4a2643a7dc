import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_PRODUCT, type Media } from '#shared/schemas/vendor.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import type { UploadOptions } from '#web/lib/upload-image.ts';

/** Sends one image to the server: the vendor's own uploads, or the admin's for a product's shop. */
export type UploadImage = (file: File, options: UploadOptions) => Promise<Media>;

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export interface PendingUpload {
  id: number;
  name: string;
  /** 0…1; null while waiting for the uploads before it */
  progress: number | null;
}

const MB = 1024 * 1024;
const megabytes = (bytes: number) => (bytes / MB).toLocaleString('en-IN', { maximumFractionDigits: 1 });

function listNames(names: string[]): string {
  const quoted = names.map((name) => `“${name}”`);
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1) ?? ''}`;
}

/**
 * A product's image URLs in order (the first is the main one) and the uploads adding to them.
 * Files are checked here first (type, 5 MB, 8 images), then uploaded one after another so they
 * land in the order they were chosen.
 */
export function useProductImages(initial: readonly string[], upload: UploadImage) {
  const [images, setImages] = useState<string[]>(() => [...initial]);
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const nextId = useRef(1);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);

  const uploadOne = useCallback(
    async (entry: PendingUpload, file: File) => {
      const signal = controller.current?.signal;
      if (signal?.aborted) return;
      const setProgress = (progress: number) =>
        setUploads((current) => current.map((upload) => (upload.id === entry.id ? { ...upload, progress } : upload)));
      setProgress(0);
      try {
        const media = await upload(file, { onProgress: setProgress, signal });
        setImages((current) => [...current, media.url]);
      } catch (error) {
        if (signal?.aborted) return;
        const reason = errorMessage(error, 'Please check your internet connection and try again.');
        setProblems((current) => [...current, `We could not upload “${file.name}”. ${reason}`]);
      } finally {
        if (!signal?.aborted) setUploads((current) => current.filter((upload) => upload.id !== entry.id));
      }
    },
    [upload],
  );

  /** Checks the chosen files and queues the acceptable ones; explains any it refuses. */
  const addFiles = useCallback(
    (files: readonly File[]) => {
      const refused: string[] = [];
      const overflow: string[] = [];
      let room = MAX_IMAGES_PER_PRODUCT - images.length - uploads.length;
      const accepted: Array<{ entry: PendingUpload; file: File }> = [];
      for (const file of files) {
        if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
          refused.push(`“${file.name}” is not a JPEG, PNG or WebP image.`);
        } else if (file.size > MAX_IMAGE_BYTES) {
          refused.push(`“${file.name}” is larger than ${megabytes(MAX_IMAGE_BYTES)} MB. Please choose a smaller image.`);
        } else if (room <= 0) {
          overflow.push(file.name);
        } else {
          room -= 1;
          accepted.push({ entry: { id: nextId.current++, name: file.name, progress: null }, file });
        }
      }
      if (overflow.length > 0) {
        refused.push(
          `A product can have at most ${MAX_IMAGES_PER_PRODUCT} images, so ${listNames(overflow)} ${overflow.length === 1 ? 'was' : 'were'} not added. Remove an image to make room.`,
        );
      }
      setProblems(refused);
      if (accepted.length === 0) return;
      setUploads((current) => [...current, ...accepted.map(({ entry }) => entry)]);
      for (const { entry, file } of accepted) {
        queue.current = queue.current.then(() => uploadOne(entry, file));
      }
    },
    [images.length, uploads.length, uploadOne],
  );

  const move = useCallback((from: number, to: number) => {
    setImages((current) => {
      if (from === to || from < 0 || to < 0 || from >= current.length || to >= current.length) return current;
      const next = [...current];
      const [moved] = next.splice(from, 1);
      if (moved !== undefined) next.splice(to, 0, moved);
      return next;
    });
  }, []);

  const remove = useCallback((index: number) => {
    setImages((current) => current.filter((_, i) => i !== index));
  }, []);

  return {
    images,
    /** Replaces the list, after a save answers with the stored order. */
    reset: setImages,
    uploads,
    uploading: uploads.length > 0,
    problems,
    room: MAX_IMAGES_PER_PRODUCT - images.length - uploads.length,
    addFiles,
    move,
    remove,
  };
}

export type ProductImages = ReturnType<typeof useProductImages>;
