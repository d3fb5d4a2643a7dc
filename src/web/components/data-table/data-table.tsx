import {
  type Cell,
  type ColumnDef,
  type Header,
  type RowData,
  type SortingState,
  type Updater,
  createColumnHelper,
  rowSortingFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { ScrollRegion } from '#web/components/ui/scroll-region.tsx';

/** The server's sort keys a column sorts by, one per direction it offers ("newest" and "oldest" for a date). */
export interface ColumnSortKeys {
  asc?: string;
  desc?: string;
}

/** What a column of a DataTable says about itself besides its header and cells. */
export interface DataColumnMeta {
  /** sortable by the server: the sort key of each direction */
  sort?: ColumnSortKeys;
  /** the column naming the row (a `<th scope="row">`): usually the first, holding the row's link */
  rowHeader?: boolean;
  /** classes of the column's cells and heading, such as `text-right` or a width */
  className?: string;
  /** classes of the column's cells only, such as a font or a colour */
  cellClassName?: string;
}

/** The table's features: sorting, done by the server (each page comes sorted). */
const features = tableFeatures({ rowSortingFeature, columnMeta: {} as DataColumnMeta });

// Each column's values have their own type; TanStack's own column lists are typed with `any` likewise.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataColumn<T extends RowData> = ColumnDef<typeof features, T, any>;

/** The column helper of a DataTable's rows of `T`: `columnsOf<User>().accessor('name', { header: 'Name' })`. */
export function columnsOf<T extends RowData>() {
  return createColumnHelper<typeof features, T>();
}

export interface DataTableProps<T extends RowData> {
  columns: DataColumn<T>[];
  rows: T[];
  /** a row's key, kept across pages and sorts: its id, or its place when rows have none */
  rowId: (row: T, index: number) => string;
  /** what the table holds, as its caption and its scrolling region's name ("Users") */
  label: string;
  /** the id of the "Showing 1–20 of 57" line, which describes the table */
  describedBy?: string;
  /** the list's sort key (from the URL) and what to do when a heading asks for another */
  sort?: { value: string; onChange: (key: string) => void };
  /** while another page or sort loads: the rows shown are the last ones */
  busy?: boolean;
  /** the narrowest the table is drawn before its region scrolls sideways (a few short columns need less) */
  minWidth?: 'min-w-md' | 'min-w-lg' | 'min-w-2xl';
}

/** The column and direction a sort key stands for, as TanStack Table's sorting state. */
function sortingOf<T extends RowData>(columns: DataColumn<T>[], key: string | undefined): SortingState {
  for (const column of columns) {
    const keys = column.meta?.sort;
    const id = column.id ?? (column as { accessorKey?: string }).accessorKey;
    if (!keys || id === undefined) continue;
    if (keys.asc === key) return [{ id, desc: false }];
    if (keys.desc === key) return [{ id, desc: true }];
  }
  return [];
}

function ariaSort<T extends RowData>(header: Header<typeof features, T, unknown>): 'ascending' | 'descending' | undefined {
  const sorted = header.column.getIsSorted();
  return sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined;
}

/**
 * A list's table on TanStack Table: headings of sortable columns are buttons that ask the server
 * for the other order (`aria-sort` says which holds now), the heading row stays in view as the
 * rows scroll, and on narrow screens the table scrolls sideways in a named region a keyboard can
 * reach. Rows, pages and sorting come from the server; the list keeps its state in the URL.
 */
export function DataTable<T extends RowData>({
  columns,
  rows,
  rowId,
  label,
  describedBy,
  sort,
  busy = false,
  minWidth = 'min-w-2xl',
}: DataTableProps<T>) {
  const sorting = sortingOf(columns, sort?.value);
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: rowId,
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = (typeof updater === 'function' ? updater(sorting) : updater)[0];
      const keys =
        next && columns.find((column) => (column.id ?? (column as { accessorKey?: string }).accessorKey) === next.id)?.meta?.sort;
      if (!keys || !sort) return;
      // A column sorting one way only (a name, A–Z) keeps that way.
      const key = (next.desc ? keys.desc : keys.asc) ?? keys.asc ?? keys.desc;
      if (key !== undefined && key !== sort.value) sort.onChange(key);
    },
  });

  return (
    <ScrollRegion label={label} className="max-h-[75vh] overflow-y-auto rounded-xl border border-slate-200 bg-white">
      <table
        aria-describedby={describedBy}
        aria-busy={busy || undefined}
        className={`w-full ${minWidth} text-left text-sm ${busy ? 'opacity-60 transition-opacity' : ''}`}
      >
        <caption className="sr-only">{label}</caption>
        <thead className="sticky top-0 z-10 border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={ariaSort(header)}
                  className={`px-4 py-3 whitespace-nowrap ${header.column.columnDef.meta?.className ?? ''}`}
                >
                  {header.isPlaceholder ? null : (
                    <HeadingContent
                      header={header}
                      sortable={sort !== undefined && header.column.columnDef.meta?.sort !== undefined}
                      title={<table.FlexRender header={header} />}
                    />
                  )}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-200">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="hover:bg-slate-50">
              {row.getAllCells().map((cell) => {
                const meta = cell.column.columnDef.meta;
                const className = `px-4 py-3 align-top ${meta?.className ?? ''} ${meta?.cellClassName ?? ''}`;
                const content = renderCell(cell);
                return meta?.rowHeader ? (
                  <th key={cell.id} scope="row" className={`${className} font-normal`}>
                    {content}
                  </th>
                ) : (
                  <td key={cell.id} className={className}>
                    {content}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/**
 * A cell's content. A `cell` renderer is called as a function, not mounted as a component: a
 * table whose columns are built on each render (to reach the list's own handlers) keeps what its
 * cells hold (an open form, the focus) instead of mounting it afresh. So cell renderers use no
 * hooks; they return components that do.
 */
function renderCell<T extends RowData>(cell: Cell<typeof features, T, unknown>): ReactNode {
  const render = cell.column.columnDef.cell;
  return typeof render === 'function' ? (render(cell.getContext()) as ReactNode) : (render ?? (cell.getValue() as ReactNode));
}

function HeadingContent<T extends RowData>({
  header,
  sortable,
  title,
}: {
  header: Header<typeof features, T, unknown>;
  sortable: boolean;
  title: ReactNode;
}) {
  if (!sortable) return title;
  const sorted = header.column.getIsSorted();
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={header.column.getToggleSortingHandler()}
      className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 uppercase hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
    >
      {title}
      <Icon aria-hidden="true" className={`size-3.5 ${sorted ? 'text-slate-900' : 'text-slate-400'}`} />
    </button>
  );
}
