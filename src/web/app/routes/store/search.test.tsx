import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json, renderWithProviders } from '#web/testing/fake-api.tsx';
import SearchRoute from './search.tsx';

const NOTHING = { items: [], total: 0, page: 1, pageSize: 24, facets: [] };

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

const field = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search for' });
const address = () => screen.getByTestId('address').textContent;

describe('the search results page’s own search field', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      fakeFetch((url) => (url.startsWith('/api/search') || url.startsWith('/api/products') ? json(200, NOTHING) : undefined)),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the words searched for, to change and search again with the chosen filters kept', async () => {
    renderWithProviders(
      <>
        <SearchRoute />
        <Address />
      </>,
      '/search?q=lenovo&category=Laptop&sort=price_asc&page=2',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Results for “lenovo”');
    expect(field().value).toBe('lenovo');

    fireEvent.change(field(), { target: { value: '  lenovo thinkpad ' } });
    // Enter in the field sends its form, as the keyboard does.
    await act(async () => {
      fireEvent.submit(field().form as HTMLFormElement);
    });
    await waitFor(() => expect(address()).toBe('/search?category=Laptop&sort=price_asc&q=lenovo+thinkpad'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Results for “lenovo thinkpad”');
    expect(field().value).toBe('lenovo thinkpad');
  });

  it('is a plain form to the search page before the scripts run, with the filters as hidden fields', () => {
    renderWithProviders(<SearchRoute />, '/search?q=dell&brand=Dell&brand=HP');
    const form = field().form as HTMLFormElement;
    expect(form.getAttribute('action')).toBe('/search');
    expect(form.getAttribute('role')).toBe('search');
    expect([...new FormData(form).entries()]).toEqual([
      ['q', 'dell'],
      ['brand', 'Dell'],
      ['brand', 'HP'],
    ]);
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
  });

  it('is offered empty on the search page without words', () => {
    renderWithProviders(<SearchRoute />, '/search');
    expect(field().value).toBe('');
  });
});
