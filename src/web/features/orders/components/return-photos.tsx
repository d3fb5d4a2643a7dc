import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { MAX_RETURN_PHOTOS, type ReturnPhoto } from '#shared/schemas/returns.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import type { ReturnSender } from '../api/returns.ts';

/** A photo uploaded, shown from the file chosen (a guest cannot open the stored copy, which is private). */
type ChosenPhoto = ReturnPhoto & { preview: string };

/**
 * The return's photos: each file chosen is uploaded at once (at most MAX_RETURN_PHOTOS), shown
 * from the file itself, and can be removed; `onChange` hears the ids of those kept. The previews'
 * memory goes with the form.
 */
export function useReturnPhotos(sender: ReturnSender, onChange: (photoIds: number[]) => void) {
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  useEffect(() => {
    onChange(photos.map((photo) => photo.id));
  }, [photos, onChange]);
  const previews = useRef<string[]>([]);
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const addPhotos = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setPhotoError(null);
    for (const file of files.slice(0, MAX_RETURN_PHOTOS - photos.length)) {
      try {
        const photo = await sender.upload(file);
        const preview = URL.createObjectURL(file);
        previews.current.push(preview);
        setPhotos((current) => [...current, { ...photo, preview }]);
      } catch (error) {
        setPhotoError(`${file.name}: ${errorMessage(error, 'The photo could not be uploaded. Please try again.')}`);
      }
    }
    if (files.length > MAX_RETURN_PHOTOS - photos.length) setPhotoError(`At most ${MAX_RETURN_PHOTOS} photos`);
  };

  const remove = (id: number) => setPhotos((current) => current.filter((candidate) => candidate.id !== id));
  return { photos, photoError, addPhotos, remove };
}

/** The photos' fieldset: the ones uploaded, each with Remove, and Add photos while there is room. */
export function ReturnPhotos({
  photos,
  photoError,
  uploading,
  idPrefix: ids,
  onAdd: addPhotos,
  onRemove,
}: {
  photos: ChosenPhoto[];
  photoError: string | null;
  uploading: boolean;
  idPrefix: string;
  onAdd: (event: ChangeEvent<HTMLInputElement>) => Promise<void>;
  onRemove: (id: number) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-900">Photos (optional)</legend>
      <p id={`${ids}-photo-hint`} className="text-xs text-slate-600">
        Up to {MAX_RETURN_PHOTOS} photos of the item and its box: JPEG, PNG or WebP, 5 MB each.
      </p>
      {photos.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-3">
          {photos.map((photo, at) => (
            <li key={photo.id} className="flex flex-col items-center gap-1">
              <img
                src={photo.preview}
                alt={`Photo ${at + 1} of the item to return`}
                width={80}
                height={80}
                className="size-20 rounded-lg border border-slate-200 object-cover"
              />
              <button
                type="button"
                className="min-h-11 px-2 text-sm font-semibold text-brand-700 underline"
                onClick={() => onRemove(photo.id)}
              >
                Remove<span className="sr-only"> photo {at + 1}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {photos.length < MAX_RETURN_PHOTOS && (
        <div className="mt-2">
          <label htmlFor={`${ids}-photos`} className={`${buttonClass('secondary')} cursor-pointer`}>
            {uploading ? 'Uploading…' : 'Add photos'}
          </label>
          <input
            id={`${ids}-photos`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            aria-describedby={`${ids}-photo-hint`}
            className="sr-only"
            onChange={(event) => void addPhotos(event)}
          />
        </div>
      )}
      <p role="status" className="mt-1 text-sm text-red-800">
        {photoError}
      </p>
    </fieldset>
  );
}
