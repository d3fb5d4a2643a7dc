import type { RowData } from '@tanstack/react-table';
import { ImageOff } from 'lucide-react';
import { ProductImage } from '#web/components/ui/product-image.tsx';
import { columnsOf, type DataColumn } from './data-table.tsx';

/**
 * A DataTable's first column: a row's picture (decorative: the row header names it), or a
 * placeholder saying there is none.
 */
export function thumbnailColumn<T extends RowData>(imageOf: (row: T) => string | null | undefined): DataColumn<T> {
  return columnsOf<T>().display({
    id: 'image',
    header: () => <span className="sr-only">Image</span>,
    // A minimum too: an image's max-width of 100% lets a squeezed table take its column to nothing.
    meta: { className: 'w-20 min-w-20' },
    cell: ({ row }) => {
      const src = imageOf(row.original);
      return src ? (
        <ProductImage
          src={src}
          alt=""
          width={64}
          height={48}
          loading="lazy"
          className="aspect-[4/3] w-16 rounded-md bg-slate-100 object-cover"
        />
      ) : (
        <span className="flex aspect-[4/3] w-16 items-center justify-center rounded-md bg-slate-100 text-slate-400">
          <ImageOff aria-hidden="true" className="size-5" />
          <span className="sr-only">No image</span>
        </span>
      );
    },
  });
}
