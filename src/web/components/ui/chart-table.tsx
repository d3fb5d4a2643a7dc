import type { ReactNode } from 'react';

interface ChartTableProps<T> {
  caption: ReactNode;
  /** the columns' headings: the first names each row ("Date") */
  headings: readonly string[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** a row's cells, the first its heading */
  cells: (row: T) => readonly ReactNode[];
}

/**
 * A chart's figures as a table that screen readers read and no one sees. The table sits in a
 * hidden box: a table does not shrink to a visually hidden element's single pixel, and on its own
 * would make a phone's page scroll sideways.
 */
export function ChartTable<T>({ caption, headings, rows, rowKey, cells }: ChartTableProps<T>) {
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const [first, ...rest] = cells(row);
            return (
              <tr key={rowKey(row)}>
                <th scope="row">{first}</th>
                {rest.map((cell, index) => (
                  <td key={headings[index + 1]}>{cell}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
