import { useEffect, useRef, useState } from 'react';

export interface ImageViewerProps {
  images: string[];
  name: string;
  /** the image to open at */
  start: number;
  /** closed (Escape, the Close button): the image shown last, for the gallery to show too */
  onClose: (at: number) => void;
}

const ZOOM = 2.5;

/**
 * The product's images full screen, in a modal dialog (native: focus moves in and stays, Escape
 * closes): previous and next (buttons or the arrow keys), and a zoom to 2.5× that the shopper pans
 * by scrolling or dragging, as on a phone. Loaded apart, when first opened.
 */
export default function ImageViewer({ images, name, start, onClose }: ImageViewerProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState(start);
  const [zoomed, setZoomed] = useState(false);
  const drag = useRef<{ x: number; y: number; left: number; top: number } | undefined>(undefined);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const show = (next: number) => {
    setAt((next + images.length) % images.length);
    setZoomed(false);
  };
  const zoom = (on: boolean, point?: { x: number; y: number }) => {
    setZoomed(on);
    // Zoomed at a point: that point stays under the pointer.
    requestAnimationFrame(() => {
      const box = frame.current;
      if (!box || !on) return;
      const x = point ? point.x * box.scrollWidth - box.clientWidth / 2 : (box.scrollWidth - box.clientWidth) / 2;
      const y = point ? point.y * box.scrollHeight - box.clientHeight / 2 : (box.scrollHeight - box.clientHeight) / 2;
      box.scrollTo({ left: x, top: y });
    });
  };

  return (
    <dialog
      ref={dialog}
      aria-label={`${name}: images`}
      onClose={() => onClose(at)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight' && images.length > 1) show(at + 1);
        else if (event.key === 'ArrowLeft' && images.length > 1) show(at - 1);
        else if (event.key === '+' || event.key === '=') zoom(true);
        else if (event.key === '-') zoom(false);
      }}
      // Opaque and covering the whole screen (the page does not show through, at any width).
      className="fixed inset-0 m-0 h-dvh max-h-none w-dvw max-w-none overflow-hidden bg-slate-950 p-0 text-white backdrop:bg-slate-950"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-2 p-3">
          <p className="truncate text-sm" aria-live="polite">
            Image {at + 1} of {images.length}
            {zoomed ? ' · zoomed in' : ''}
          </p>
          <div className="flex shrink-0 gap-2">
            <button
              type="button"
              onClick={() => zoom(!zoomed)}
              aria-pressed={zoomed}
              className="rounded-lg border border-white/40 px-3 py-2 text-sm font-medium hover:bg-white/10"
            >
              {zoomed ? 'Zoom out' : 'Zoom in'}
            </button>
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className="rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-200"
            >
              Close
            </button>
          </div>
        </div>
        <div
          ref={frame}
          className={`relative min-h-0 flex-1 ${zoomed ? 'cursor-grab overflow-auto' : 'flex items-center justify-center overflow-hidden'}`}
          onPointerDown={(event) => {
            const box = frame.current;
            if (!zoomed || !box || event.pointerType !== 'mouse') return;
            drag.current = { x: event.clientX, y: event.clientY, left: box.scrollLeft, top: box.scrollTop };
          }}
          onPointerMove={(event) => {
            const box = frame.current;
            if (!drag.current || !box) return;
            box.scrollTo({
              left: drag.current.left - (event.clientX - drag.current.x),
              top: drag.current.top - (event.clientY - drag.current.y),
            });
          }}
          onPointerUp={() => (drag.current = undefined)}
          onPointerLeave={() => (drag.current = undefined)}
        >
          <img
            src={images[at]}
            alt={`${name}, image ${at + 1} of ${images.length}`}
            width={800}
            height={600}
            draggable={false}
            onDoubleClick={(event) => {
              const box = event.currentTarget.getBoundingClientRect();
              zoom(!zoomed, { x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height });
            }}
            style={zoomed ? { width: `${ZOOM * 100}%`, maxWidth: 'none', height: 'auto' } : undefined}
            className={zoomed ? 'block' : 'max-h-full max-w-full object-contain'}
          />
        </div>
        {images.length > 1 && (
          <div className="flex items-center justify-center gap-3 p-3">
            <button
              type="button"
              onClick={() => show(at - 1)}
              className="rounded-lg border border-white/40 px-4 py-2 text-sm font-medium hover:bg-white/10"
            >
              ← Previous image
            </button>
            <button
              type="button"
              onClick={() => show(at + 1)}
              className="rounded-lg border border-white/40 px-4 py-2 text-sm font-medium hover:bg-white/10"
            >
              Next image →
            </button>
          </div>
        )}
      </div>
    </dialog>
  );
}
