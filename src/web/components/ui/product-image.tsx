import { type ImgHTMLAttributes, useEffect, useRef, useState } from 'react';

/** A light grey picture frame with a mountain and sun: what shows where a product's image is missing or cannot load. */
const PLACEHOLDER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300"><rect width="400" height="300" fill="#f1f5f9"/>' +
  '<g fill="none" stroke="#94a3b8" stroke-width="8" stroke-linejoin="round"><rect x="140" y="95" width="120" height="110" rx="10"/>' +
  '<path d="M150 190l35-40 25 25 15-15 25 30"/></g><circle cx="225" cy="125" r="10" fill="#94a3b8"/></svg>';

export const PLACEHOLDER_IMAGE = `data:image/svg+xml,${encodeURIComponent(PLACEHOLDER_SVG)}`;

type ProductImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'onError'> & {
  /** the image's address; missing, the placeholder shows */
  src: string | null | undefined;
  /** the product's name, or '' when the image is decorative (a name next to it says what it is) */
  alt: string;
};

/**
 * A product's image that never shows the browser's broken-image icon: with no address, or one
 * that fails to load (a deleted upload, a network error), it shows a neutral placeholder, and its
 * text alternative says there is no image. An image that failed before the page was hydrated
 * (its error event long gone) is caught on mount.
 */
export function ProductImage({ src, alt, ...props }: ProductImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const missing = !src || failed === src;

  useEffect(() => {
    const image = ref.current;
    if (src && image && image.complete && image.naturalWidth === 0) setFailed(src);
  }, [src]);

  return (
    <img
      {...props}
      ref={ref}
      src={missing ? PLACEHOLDER_IMAGE : src}
      alt={missing && alt ? `${alt}: no image` : alt}
      onError={() => {
        if (src) setFailed(src);
      }}
    />
  );
}
