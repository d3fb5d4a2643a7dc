import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, useLocation, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { columnsOf, DataTable } from './data-table.tsx';
import { type Filter, FilterBar } from './filter-bar.tsx';

interface Shop {
  id: string;
  name: string;
  city: string;
  joined: string;
}

const shops: Shop[] = [
  { id: 's1', name: 'Kochi Computers', city: 'Kochi', joined: '2025-03-05' },
  { id: 's2', name: 'Pune PCs', city: 'Pune', joined: '2025-04-11' },
];

const helper = columnsOf<Shop>();
const columns = helper.columns([
  helper.accessor('name', { header: 'Shop', meta: { rowHeader: true, sort: { asc: 'name' } } }),
  helper.accessor('city', { header: 'City' }),
  helper.accessor('joined', { header: 'Joined', sortDescFirst: true, meta: { sort: { desc: 'newest', asc: 'oldest' } } }),
]);

/** The table with its sort held as a list keeps it: in state, told of every change. */
function Sorted({ initial, onChange }: { initial: string; onChange: (key: string) => void }) {
  const [sort, setSort] = useState(initial);
  return (
    <DataTable
      columns={columns}
      rows={shops}
      rowId={(shop) => shop.id}
      label="Shops"
      sort={{
        value: sort,
        onChange: (key) => {
          onChange(key);
          setSort(key);
        },
      }}
    />
  );
}

afterEach(cleanup);

describe('DataTable', () => {
  it('is a captioned table in a named region a keyboard reaches, each row named by its row header', () => {
    render(<DataTable columns={columns} rows={shops} rowId={(shop) => shop.id} label="Shops" />);
    const region = screen.getByRole('region', { name: 'Shops' });
    expect(region.tabIndex).toBe(0);
    const table = within(region).getByRole('table', { name: 'Shops' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Shop', 'City', 'Joined']);
    const rowHeaders = within(table).getAllByRole('rowheader');
    expect(rowHeaders.map((th) => th.textContent)).toEqual(['Kochi Computers', 'Pune PCs']);
    expect(rowHeaders[0]?.getAttribute('scope')).toBe('row');
    // Without a sort to change, no heading is a button.
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
  });

  it('says which column sorts the rows and which way, and asks for the other way or another column', () => {
    const onChange = vi.fn();
    render(<Sorted initial="newest" onChange={onChange} />);
    const joined = screen.getByRole('columnheader', { name: /Joined/ });
    const shop = screen.getByRole('columnheader', { name: /Shop/ });
    expect(joined.getAttribute('aria-sort')).toBe('descending');
    expect(shop.getAttribute('aria-sort')).toBeNull();
    // Not sortable by the server: a plain heading.
    expect(within(screen.getByRole('columnheader', { name: 'City' })).queryByRole('button')).toBeNull();

    fireEvent.click(within(joined).getByRole('button', { name: /Joined/ }));
    expect(onChange).toHaveBeenLastCalledWith('oldest');
    expect(screen.getByRole('columnheader', { name: /Joined/ }).getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(within(shop).getByRole('button', { name: /Shop/ }));
    expect(onChange).toHaveBeenLastCalledWith('name');
    expect(screen.getByRole('columnheader', { name: /Shop/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /Joined/ }).getAttribute('aria-sort')).toBeNull();

    // A column sorting one way only stays that way: nothing new to ask for.
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Shop/ })).getByRole('button'));
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('marks the table busy while another page or sort loads', () => {
    render(<DataTable columns={columns} rows={shops} rowId={(shop) => shop.id} label="Shops" busy />);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });

  it('keeps what a cell holds (a note being typed, the focus) when the list renders its columns afresh', () => {
    /** Columns built on each render, as a list does to reach its own handlers. */
    function Notes() {
      const [renders, setRenders] = useState(0);
      const notes = helper.columns([
        helper.accessor('name', { header: 'Shop', meta: { rowHeader: true } }),
        helper.display({ id: 'note', header: 'Note', cell: ({ row }) => <input aria-label={`Note for ${row.original.name}`} /> }),
      ]);
      return (
        <>
          <DataTable columns={notes} rows={shops} rowId={(shop) => shop.id} label="Shops" />
          <button type="button" onClick={() => setRenders(renders + 1)}>
            Render again {renders}
          </button>
        </>
      );
    }
    render(<Notes />);
    const note = screen.getByLabelText<HTMLInputElement>('Note for Pune PCs');
    fireEvent.change(note, { target: { value: 'Call back' } });
    note.focus();
    fireEvent.click(screen.getByRole('button', { name: /Render again/ }));
    note.focus(); // the click moved focus to the button; what matters is that the same input is still there
    expect(screen.getByRole('button', { name: 'Render again 1' })).toBeTruthy();
    expect(screen.getByLabelText('Note for Pune PCs')).toBe(note);
    expect(note.value).toBe('Call back');
  });
});

const filters: Filter[] = [
  { kind: 'text', param: 'q', label: 'Search shops' },
  {
    kind: 'select',
    param: 'city',
    label: 'City',
    anyLabel: 'Any city',
    options: [
      { value: 'kochi', label: 'Kochi' },
      { value: 'pune', label: 'Pune' },
    ],
  },
  { kind: 'checkbox', param: 'pending', label: 'Awaiting approval' },
];

/** The filter bar bound to the URL, and the URL's query shown for the test to read. */
function Bound() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  return (
    <>
      <FilterBar filters={filters} params={params} onChange={(next) => setParams(next)} />
      <output data-testid="search">{location.search}</output>
    </>
  );
}

describe('FilterBar', () => {
  it('reads each filter from the URL and writes it back there, back to page 1, and clears them all', () => {
    render(
      <MemoryRouter initialEntries={['/shops?city=pune&sort=name&page=3']}>
        <Bound />
      </MemoryRouter>,
    );
    const search = () => screen.getByTestId('search').textContent;
    expect((screen.getByLabelText('City') as HTMLSelectElement).value).toBe('pune');

    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'kochi' } });
    expect(search()).toBe('?city=kochi&sort=name');

    fireEvent.click(screen.getByLabelText('Awaiting approval'));
    expect(search()).toBe('?city=kochi&sort=name&pending=true');

    fireEvent.change(screen.getByLabelText('Search shops'), { target: { value: '  Kochi Computers ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(search()).toBe('?city=kochi&sort=name&pending=true&q=Kochi+Computers');

    // The sort is the list's, not a filter: it stays.
    fireEvent.click(screen.getByRole('link', { name: 'Clear filters' }));
    expect(search()).toBe('?sort=name');
    expect(screen.queryByRole('link', { name: 'Clear filters' })).toBeNull();
  });
});

const ranges: Filter[] = [
  { kind: 'text', param: 'q', label: 'Order or e-mail' },
  {
    kind: 'text',
    param: 'min',
    label: 'Lowest (₹)',
    type: 'text',
    normalize: (text) => text.replace(/,/g, ''),
    check: (text) => (/^\d+$/.test(text) ? undefined : 'Enter rupees, such as 1500.'),
  },
  {
    kind: 'text',
    param: 'max',
    label: 'Highest (₹)',
    type: 'text',
    normalize: (text) => text.replace(/,/g, ''),
    check: (text) => (/^\d+$/.test(text) ? undefined : 'Enter rupees, such as 1500.'),
  },
];

function Ranged() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  return (
    <>
      <FilterBar
        filters={ranges}
        params={params}
        onChange={(next) => setParams(next)}
        submitLabel="Apply filters"
        checkAll={(values) =>
          values.min && values.max && Number(values.min) > Number(values.max)
            ? { message: 'The lowest must not be more than the highest.', params: ['min', 'max'] }
            : undefined
        }
      />
      <output data-testid="search">{location.search}</output>
    </>
  );
}

describe('FilterBar text filters', () => {
  it('checks each box and the boxes together before writing any of them to the URL', () => {
    render(
      <MemoryRouter initialEntries={['/payments?page=2']}>
        <Ranged />
      </MemoryRouter>,
    );
    const search = () => screen.getByTestId('search').textContent;
    const lowest = screen.getByLabelText('Lowest (₹)');
    fireEvent.change(lowest, { target: { value: '15 hundred' } });
    fireEvent.change(screen.getByLabelText('Order or e-mail'), { target: { value: 'CB00000042' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    // The box at fault says why, takes the focus, and nothing is applied.
    expect(screen.getByRole('alert').textContent).toBe('Enter rupees, such as 1500.');
    expect(lowest.getAttribute('aria-invalid')).toBe('true');
    expect(lowest.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(document.activeElement).toBe(lowest);
    expect(search()).toBe('?page=2');

    fireEvent.change(lowest, { target: { value: '5,000' } });
    fireEvent.change(screen.getByLabelText('Highest (₹)'), { target: { value: '1,500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByRole('alert').textContent).toContain('The lowest must not be more than the highest.');
    // The two boxes at fault are marked and described by it; the others are not.
    expect(lowest.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Highest (₹)').getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(screen.getByLabelText('Order or e-mail').getAttribute('aria-invalid')).toBeNull();
    expect(search()).toBe('?page=2');

    fireEvent.change(screen.getByLabelText('Highest (₹)'), { target: { value: '25,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(search()).toBe('?q=CB00000042&min=5000&max=25000');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
