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
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Shop', 'City', 'Joined']);
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
});

const filters: Filter[] = [
  { kind: 'search', param: 'q', label: 'Search shops' },
  { kind: 'select', param: 'city', label: 'City', anyLabel: 'Any city', options: [{ value: 'kochi', label: 'Kochi' }, { value: 'pune', label: 'Pune' }] },
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
