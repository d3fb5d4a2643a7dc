import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VendorProfile } from '#shared/schemas/vendor.ts';
import { fakeFetch, json, renderWithProviders } from '#web/testing/fake-api.tsx';
import VendorProfileForm from './vendor-profile-form.tsx';

const profile: VendorProfile = {
  id: 3,
  businessName: 'Nehru Place Computers',
  slug: 'nehru-place-computers',
  status: 'pending',
  phone: '+919810012345',
  gstin: null,
  pickupAddress: null,
  lowStockThreshold: 5,
  createdAt: '2026-01-10T10:00:00.000Z',
  legalName: null,
  pan: null,
  bankAccount: null,
  acceptsCod: true,
  shipsToSpecialZones: true,
  payoutsHeldUntil: null,
  checklist: [
    { item: 'A valid GSTIN', done: false },
    { item: 'A bank account for settlements (IFSC checked)', done: false },
  ],
};

function profileApi(initial: VendorProfile) {
  return fakeFetch((url, init) => {
    if (url === '/api/pincodes/110019')
      return json(200, { pincode: '110019', city: 'Delhi', district: 'South East', state: 'Delhi', deliverable: true, metro: 'Delhi NCR' });
    if (url !== '/api/vendor/profile') return undefined;
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Omit<VendorProfile, 'id' | 'slug' | 'status' | 'createdAt'>;
      return json(200, { ...initial, ...body });
    }
    return json(200, initial);
  });
}

const puts = (fetch: ReturnType<typeof profileApi>) => fetch.mock.calls.filter(([, init]) => init?.method === 'PUT');
const bodyOf = (call: [string, RequestInit?] | undefined) => JSON.parse(String(call?.[1]?.body)) as unknown;
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('VendorProfileForm', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(cleanup);

  it('shows the store link and approval status, and sends null for a pickup address to add later', async () => {
    const fetch = profileApi(profile);
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<VendorProfileForm />);

    expect(await screen.findByRole('link', { name: '/store/nehru-place-computers' })).toBeTruthy();
    expect(screen.getByText('Awaiting approval')).toBeTruthy();
    expect((screen.getByLabelText('I’ll add it later') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('City')).toBeNull();
    expect((screen.getByLabelText('Contact phone') as HTMLInputElement).value).toBe('9810012345');

    fill('GSTIN (optional)', '07aabcn1234f1zy');
    expect((screen.getByLabelText('Accept Cash on Delivery') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Accept Cash on Delivery'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Your changes have been saved.'));
    expect(bodyOf(puts(fetch)[0])).toEqual({
      businessName: 'Nehru Place Computers',
      phone: '+919810012345',
      gstin: '07AABCN1234F1ZY',
      legalName: null,
      pan: null,
      pickupAddress: null,
      bankAccount: null,
      lowStockThreshold: 5,
      acceptsCod: false,
      shipsToSpecialZones: true,
    });
  });

  it('checks the pickup address when entered now, and sends it normalised', async () => {
    const fetch = profileApi(profile);
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<VendorProfileForm />);

    fireEvent.click(await screen.findByLabelText('Enter it now'));
    fill('Low-stock threshold', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Please enter the house number and street')).toBeTruthy();
    expect(screen.getByText('Please choose a state or union territory')).toBeTruthy();
    expect(screen.getByText('Please enter a whole number from 0 to 1000')).toBeTruthy();
    expect(puts(fetch)).toHaveLength(0);

    fill('Contact name', 'Ravi Kumar');
    fill('Mobile number', '98100 54321');
    fill('Address line 1', 'Shop 14, Nehru Place');
    fill('City', 'New Delhi');
    fill('State', 'Delhi');
    fill('PIN code', '110019');
    fill('Low-stock threshold', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(puts(fetch)).toHaveLength(1));
    expect(bodyOf(puts(fetch)[0])).toEqual({
      businessName: 'Nehru Place Computers',
      phone: '+919810012345',
      gstin: null,
      pickupAddress: {
        name: 'Ravi Kumar',
        phone: '+919810054321',
        line1: 'Shop 14, Nehru Place',
        line2: '',
        city: 'New Delhi',
        state: 'Delhi',
        pincode: '110019',
      },
      legalName: null,
      pan: null,
      bankAccount: null,
      lowStockThreshold: 3,
      acceptsCod: true,
      shipsToSpecialZones: true,
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Your changes have been saved.'));
  });

  it('marks the pickup PIN code the server refused on its field, and drops it once the PIN code changes', async () => {
    const refused = "PIN code 110019 is not in India Post's directory. Please check it.";
    const fetch = fakeFetch((url, init) => {
      if (url === '/api/pincodes/110019')
        return json(200, {
          pincode: '110019',
          city: 'Delhi',
          district: 'South East',
          state: 'Delhi',
          deliverable: true,
          metro: 'Delhi NCR',
        });
      if (url === '/api/pincodes/110017')
        return json(200, {
          pincode: '110017',
          city: 'New Delhi',
          district: 'South',
          state: 'Delhi',
          deliverable: true,
          metro: 'Delhi NCR',
        });
      if (url !== '/api/vendor/profile') return undefined;
      if (init?.method === 'PUT')
        return json(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: refused,
            details: { issues: [{ field: 'pickupAddress.pincode', message: refused }] },
          },
        });
      return json(200, profile);
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<VendorProfileForm />);

    fireEvent.click(await screen.findByLabelText('Enter it now'));
    fill('Contact name', 'Ravi Kumar');
    fill('Mobile number', '98100 54321');
    fill('Address line 1', 'Shop 14, Nehru Place');
    fill('PIN code', '110019');
    await waitFor(() => expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Delhi'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(refused)).toBeTruthy();
    expect(screen.getByLabelText('PIN code').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('PIN code'));
    fill('PIN code', '110017');
    await waitFor(() => expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('New Delhi'));
    expect(screen.queryByText(refused)).toBeNull();
    expect(screen.getByLabelText('PIN code').getAttribute('aria-invalid')).toBeNull();
  });

  it('says what the approval still needs, and sends the tax and bank details checked against the GSTIN', async () => {
    const fetch = profileApi(profile);
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<VendorProfileForm />);

    expect(await screen.findByText('A valid GSTIN')).toBeTruthy();
    expect(screen.getAllByText('Still needed:', { exact: false })).toHaveLength(2);

    fill('GSTIN (optional)', '07AABCN1234F1ZY');
    fill('Legal name', 'Nehru Place Computers Private Limited');
    fill('PAN', 'aabcn9999f');
    fill('Account number', '5010 0123 4567 89');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('PAN must be the one in your GSTIN, AABCN1234F')).toBeTruthy();
    expect(screen.getByText('Please enter the account holder’s name, as the bank has it')).toBeTruthy();
    expect(screen.getByText(/^IFSC: 11 characters/)).toBeTruthy();
    expect(puts(fetch)).toHaveLength(0);

    fill('PAN', 'aabcn1234f');
    fill('Account holder', 'Nehru Place Computers Private Limited');
    fill('IFSC', 'hdfc0001234');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(puts(fetch)).toHaveLength(1));
    expect(bodyOf(puts(fetch)[0])).toMatchObject({
      gstin: '07AABCN1234F1ZY',
      legalName: 'Nehru Place Computers Private Limited',
      pan: 'AABCN1234F',
      bankAccount: { holder: 'Nehru Place Computers Private Limited', number: '50100123456789', ifsc: 'HDFC0001234' },
    });
  });
});
