import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmptyState, type ListQuery, PagedList } from './paged-list.tsx';

const idle = { isPending: false, isError: false, error: null, isPlaceholderData: false, refetch: vi.fn() };

function renderList(query: ListQuery<string>, search = '?q=kochi&page=2') {
  render(
    <MemoryRouter>
      <PagedList
        query={query}
        params={new URLSearchParams(search)}
        noun={['shop', 'shops']}
        pagesLabel="Pages of shops"
        empty={
          <EmptyState title="No shops match" action={{ to: { search: '' }, label: 'Show all shops' }}>
            Nothing matches “kochi”.
          </EmptyState>
        }
      >
        {(page, summaryId) => (
          <ul aria-describedby={summaryId}>
            {page.items.map((shop) => (
              <li key={shop}>{shop}</li>
            ))}
          </ul>
        )}
      </PagedList>
    </MemoryRouter>,
  );
}

describe('PagedList', () => {
  afterEach(cleanup);

  it('shows the page of rows described by the result line, with page links that keep the filters', () => {
    renderList({ ...idle, data: { items: ['Kochi Computers', 'Kochi PCs'], total: 22, page: 2, pageSize: 20 } });
    const list = screen.getByRole('list');
    expect(document.getElementById(list.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Showing 21–22 of 22 shops');
    const pages = screen.getByRole('navigation', { name: 'Pages of shops' });
    expect(pages.textContent).toContain('Page 2 of 2 · 22 shops');
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/?q=kochi');
  });

  it('dims the last page and marks it busy while the next one loads', () => {
    renderList({ ...idle, isPlaceholderData: true, data: { items: ['Kochi PCs'], total: 1, page: 1, pageSize: 20 } });
    expect(screen.getByRole('list').parentElement?.getAttribute('aria-busy')).toBe('true');
  });

  it('says it is loading, then why it could not load, with a way to try again', () => {
    renderList({ ...idle, isPending: true, data: undefined });
    expect(screen.getByText('Loading shops…')).toBeTruthy();
    cleanup();
    const refetch = vi.fn();
    renderList({ ...idle, isError: true, error: new Error('offline'), refetch, data: undefined });
    expect(screen.getByRole('alert').textContent).toContain('We could not load the shops.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state, or the way back from a page past the last', () => {
    renderList({ ...idle, data: { items: [], total: 0, page: 1, pageSize: 20 } });
    expect(screen.getByRole('heading', { name: 'No shops match' })).toBeTruthy();
    expect(screen.getByText('No shops found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all shops' })).toBeTruthy();
    cleanup();
    renderList({ ...idle, data: { items: [], total: 41, page: 9, pageSize: 20 } }, '?q=kochi&page=9');
    expect(screen.getByText('There are 41 matching shops on 3 pages.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the last page' }).getAttribute('href')).toBe('/?q=kochi&page=3');
  });
});
