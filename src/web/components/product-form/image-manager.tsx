import { ImagePlus } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import { MAX_IMAGES_PER_PRODUCT } from '#shared/schemas/vendor.ts';
import { ACCEPTED_IMAGE_TYPES, type ProductImages } from './use-product-images.ts';

type Action = 'left' | 'right' | 'main' | 'remove';

interface ImageManagerProps {
  id: string;
  state: ProductImages;
}

const smallButton =
  'inline-flex min-h-9 items-center justify-center rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-semibold text-slate-800 ' +
  'hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';

/** Upload, order and remove a product's images; the first is the main one. */
export function ImageManager({ id, state }: ImageManagerProps) {
  const { images, uploads, problems, room, addFiles, move, remove } = state;
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const pendingFocus = useRef<{ index: number; action: Action } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const full = room <= 0;

  // After a move or removal, keep the keyboard where it was: on the same button of the moved image,
  // or its neighbour when that button no longer applies. A layout effect, run as each change is
  // committed: a passive one still pending from an earlier change (an upload finishing just before
  // the click) ran first when the move was committed, took the target, focused a button in the
  // list as it was, and the move then carried that button's image away, leaving focus on the page.
  useLayoutEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    if (images.length === 0) {
      inputRef.current?.focus();
      return;
    }
    const index = Math.min(target.index, images.length - 1);
    const order: Action[] = [target.action, 'right', 'left', 'main', 'remove'];
    for (const action of order) {
      const button = listRef.current?.querySelector<HTMLButtonElement>(`button[data-index="${index}"][data-action="${action}"]`);
      if (button && !button.disabled) {
        button.focus();
        return;
      }
    }
  }, [images]);

  const place = (from: number, to: number, action: Action) => {
    if (to < 0 || to >= images.length || from === to) return;
    move(from, to);
    pendingFocus.current = { index: to, action };
    setAnnouncement(
      to === 0 ? `Image ${from + 1} is now the main image.` : `Image ${from + 1} moved to position ${to + 1} of ${images.length}.`,
    );
  };

  const drop = (event: DragEvent<HTMLLIElement>, to: number) => {
    event.preventDefault();
    const from = dragFrom ?? Number(event.dataTransfer.getData('text/plain'));
    setDragFrom(null);
    setDropAt(null);
    if (Number.isInteger(from)) place(from, to, 'left');
  };

  const keyFor = (url: string, index: number) => `${url}#${images.slice(0, index).filter((other) => other === url).length}`;

  return (
    <div>
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={`${id}-files`}
          className={`inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${full ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:bg-slate-50'}`}
        >
          <ImagePlus aria-hidden="true" className="size-5" />
          Add images
          <input
            ref={inputRef}
            id={`${id}-files`}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            multiple
            disabled={full}
            aria-describedby={`${id}-files-hint`}
            className="sr-only"
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = '';
              if (files.length > 0) addFiles(files);
            }}
          />
        </label>
        <p id={`${id}-files-hint`} className="text-sm text-slate-600">
          JPEG, PNG or WebP, up to 5 MB each; up to {MAX_IMAGES_PER_PRODUCT} images.{' '}
          {full ? 'This product has the most images it can have.' : `You can add ${room} more.`}
        </p>
      </div>

      {problems.length > 0 && (
        <div role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          <ul className="list-disc space-y-1 pl-5">
            {problems.map((problem, index) => (
              <li key={`${index}-${problem}`}>{problem}</li>
            ))}
          </ul>
        </div>
      )}

      {uploads.length > 0 && (
        <ul aria-label="Uploads" className="mt-4 space-y-3">
          {uploads.map((upload) => {
            const percent = upload.progress === null ? 0 : Math.round(upload.progress * 100);
            return (
              <li key={upload.id} className="min-w-0">
                <div className="flex justify-between gap-3 text-sm">
                  <span className="min-w-0 truncate text-slate-800">{upload.name}</span>
                  <span className="shrink-0 text-slate-600">{upload.progress === null ? 'Waiting' : `${percent}%`}</span>
                </div>
                <div
                  role="progressbar"
                  aria-label={`Uploading ${upload.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  aria-valuetext={upload.progress === null ? 'Waiting to upload' : `${percent}%`}
                  className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
                >
                  <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <p role="status" className="sr-only">
        {announcement}
      </p>

      {images.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          No images yet. Products with clear photos sell better; the first image is the one shoppers see in listings.
        </p>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-600">The first image is the main one. Drag images to reorder them, or use the buttons.</p>
          <ol ref={listRef} aria-label="Product images" className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {images.map((url, index) => {
              const name = index === 0 ? 'main image' : `image ${index + 1}`;
              return (
                <li
                  key={keyFor(url, index)}
                  draggable
                  onDragStart={(event) => {
                    setDragFrom(index);
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', String(index));
                  }}
                  onDragOver={(event) => {
                    event.preventDefault();
                    event.dataTransfer.dropEffect = 'move';
                    if (dropAt !== index) setDropAt(index);
                  }}
                  onDragLeave={() => setDropAt((current) => (current === index ? null : current))}
                  onDrop={(event) => drop(event, index)}
                  onDragEnd={() => {
                    setDragFrom(null);
                    setDropAt(null);
                  }}
                  className={`flex min-w-0 cursor-grab gap-3 rounded-lg border bg-white p-2 sm:flex-col ${
                    dropAt === index && dragFrom !== index ? 'border-brand-600 ring-2 ring-brand-500' : 'border-slate-200'
                  } ${dragFrom === index ? 'opacity-50' : ''}`}
                >
                  <img
                    src={url}
                    alt=""
                    draggable={false}
                    width={160}
                    height={120}
                    loading="lazy"
                    className="aspect-[4/3] w-24 shrink-0 self-start rounded-md bg-slate-100 object-cover sm:w-full"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-semibold text-slate-900">{index === 0 ? 'Main image' : `Image ${index + 1}`}</p>
                    <div className="mt-2 grid grid-cols-2 gap-1.5">
                      <button
                        type="button"
                        data-index={index}
                        data-action="left"
                        disabled={index === 0}
                        aria-label={`Move left, ${name}`}
                        className={smallButton}
                        onClick={() => place(index, index - 1, 'left')}
                      >
                        <span aria-hidden="true">←&nbsp;</span>Move left
                      </button>
                      <button
                        type="button"
                        data-index={index}
                        data-action="right"
                        disabled={index === images.length - 1}
                        aria-label={`Move right, ${name}`}
                        className={smallButton}
                        onClick={() => place(index, index + 1, 'right')}
                      >
                        Move right<span aria-hidden="true">&nbsp;→</span>
                      </button>
                      {index > 0 && (
                        <button
                          type="button"
                          data-index={index}
                          data-action="main"
                          aria-label={`Make main, ${name}`}
                          className={smallButton}
                          onClick={() => place(index, 0, 'right')}
                        >
                          Make main
                        </button>
                      )}
                      <button
                        type="button"
                        data-index={index}
                        data-action="remove"
                        aria-label={`Remove, ${name}`}
                        className={`${smallButton} text-red-700 ${index === 0 ? 'col-span-2' : ''}`}
                        onClick={() => {
                          remove(index);
                          pendingFocus.current = { index, action: 'remove' };
                          setAnnouncement(`${index === 0 ? 'Main image' : `Image ${index + 1}`} removed.`);
                        }}
                      >
                        Remove
                      </button>
                    </div>
                  </div>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </div>
  );
}
