import { lazy, Suspense, useRef, useState } from 'react';
import { ProductImage } from '#web/components/ui/product-image.tsx';

// The full-screen viewer loads when first opened, not with the page.
const ImageViewer = lazy(() => import('./image-viewer.tsx'));

/**
 * A main image with thumbnails; thumbnails are buttons so the gallery works from the keyboard. All of it is
 * in the first screen, so nothing is lazy, and the main image (the page's largest paint) is fetched first.
 */
export function ImageGallery({ images, name }: { images: string[]; name: string }) {
  const [active, setActive] = useState(0);
  const [viewing, setViewing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const current = images[active] ?? images[0];
  return (
    <div>
      <div className="relative aspect-[4/3] overflow-hidden rounded-xl border border-slate-200 bg-white">
        {current ? (
          <ProductImage
            src={current}
            alt={`${name}, image ${active + 1} of ${images.length}`}
            width={800}
            height={600}
            loading="eager"
            fetchPriority="high"
            className="size-full object-contain"
          />
        ) : (
          <ProductImage src={null} alt={name} width={800} height={600} className="size-full object-contain" />
        )}
        {current && (
          <button
            ref={opener}
            type="button"
            onClick={() => setViewing(true)}
            className="absolute right-2 bottom-2 rounded-lg border border-slate-300 bg-white/90 px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm hover:bg-white"
          >
            View full screen
          </button>
        )}
      </div>
      {viewing && (
        <Suspense fallback={null}>
          <ImageViewer
            images={images}
            name={name}
            start={active}
            onClose={(at) => {
              setActive(at);
              setViewing(false);
              opener.current?.focus();
            }}
          />
        </Suspense>
      )}
      {images.length > 1 && (
        <ul className="mt-3 flex gap-2" aria-label="Product images">
          {images.map((image, index) => (
            <li key={image}>
              <button
                type="button"
                onClick={() => setActive(index)}
                aria-label={`Show image ${index + 1} of ${images.length}`}
                aria-pressed={index === active}
                className={`block w-20 overflow-hidden rounded-lg border-2 bg-white sm:w-24 ${index === active ? 'border-brand-600' : 'border-slate-200 hover:border-slate-400'}`}
              >
                <ProductImage src={image} alt="" width={96} height={72} className="aspect-[4/3] w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
