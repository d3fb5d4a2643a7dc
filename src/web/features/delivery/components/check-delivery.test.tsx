import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json, renderWithProviders } from '#web/testing/fake-api.tsx';
import CheckDelivery from './check-delivery.tsx';

const place = (pincode: string, city: string, state: string) => ({ pincode, city, district: city, state, deliverable: true, metro: null });

const deliveryApi = () =>
  fakeFetch((url) => {
    const pincode = new URL(url, 'http://localhost').searchParams.get('pincode');
    if (!url.startsWith('/api/products/7/delivery')) return undefined;
    if (pincode === '560103') {
      return json(200, {
        place: place('560103', 'Bengaluru', 'Karnataka'),
        options: [{ offerId: 70, deliverable: true, reason: null, deliverBy: '2026-11-27', cod: true, codReason: null }],
      });
    }
    if (pincode === '781001') {
      return json(200, {
        place: place('781001', 'Guwahati', 'Assam'),
        options: [
          {
            offerId: 70,
            deliverable: false,
            reason: 'The seller does not deliver to Assam',
            deliverBy: null,
            cod: false,
            codReason: 'The seller does not deliver to Assam',
          },
        ],
      });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: `PIN code ${pincode} is not in India Post's directory. Please check it.` } });
  });

const pincodeBox = () => screen.getByLabelText('Delivery PIN code');

describe('CheckDelivery', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.stubGlobal('fetch', deliveryApi());
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks a PIN code: the date, Cash on Delivery, and remembers it for the visit', async () => {
    renderWithProviders(<CheckDelivery productId={7} offerId={70} />);
    fireEvent.change(pincodeBox(), { target: { value: '56010' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('Please enter a 6-digit PIN code')).toBeTruthy();
    expect(pincodeBox().getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(pincodeBox(), { target: { value: '560103' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Delivery by Fri, 27 Nov')).toBeTruthy();
    expect(screen.getByText('Cash on Delivery available')).toBeTruthy();
    expect(screen.getByText('Bengaluru 560103').parentElement?.textContent).toMatch(/^Delivering to Bengaluru 560103/);
    expect(sessionStorage.getItem('cb.pincode')).toBe('560103');

    cleanup();
    renderWithProviders(<CheckDelivery productId={7} offerId={70} />);
    expect(await screen.findByText('Delivery by Fri, 27 Nov')).toBeTruthy();
  });

  it('says why a PIN code gets no delivery, and lets the shopper change it', async () => {
    sessionStorage.setItem('cb.pincode', '781001');
    renderWithProviders(<CheckDelivery productId={7} offerId={70} />);
    expect(await screen.findByText('The seller does not deliver to Assam')).toBeTruthy();
    expect(screen.getByText('Guwahati 781001').parentElement?.textContent).toMatch(/^PIN code Guwahati 781001/);
    expect(screen.queryByText(/Delivering to/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(document.activeElement).toBe(pincodeBox()));
    fireEvent.change(pincodeBox(), { target: { value: '999999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText("PIN code 999999 is not in India Post's directory. Please check it.")).toBeTruthy();
    // A PIN code that is not there is not delivered to: it is only named, with the way to change it.
    expect(screen.queryByText(/Delivering to/)).toBeNull();
    expect(screen.getByText('999999').parentElement?.textContent).toMatch(/^PIN code 999999/);
  });
});
