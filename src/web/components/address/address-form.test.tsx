import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INDIAN_STATES } from '#shared/india.ts';
import type { Address, AddressInput } from '#shared/schemas/account.ts';
import { AddressForm } from '#web/components/address/address-form.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { DELIVERY } from '#web/testing/checkout-fixtures.ts';
import { fakeFetch, json, renderWithProviders } from '#web/testing/fake-api.tsx';

const PLACES: Record<string, object> = {
  '682031': { pincode: '682031', city: 'Ernakulam', district: 'Ernakulam', state: 'Kerala', deliverable: true, metro: null },
  '560103': {
    pincode: '560103',
    city: 'Bengaluru',
    district: 'Bengaluru Urban',
    state: 'Karnataka',
    deliverable: true,
    metro: 'Bengaluru',
  },
};

/** India Post's directory, as GET /api/pincodes/:pincode answers. */
const directory = () =>
  fakeFetch((url) => {
    const pincode = /^\/api\/pincodes\/(\d{6})$/.exec(url)?.[1];
    if (!pincode) return undefined;
    return PLACES[pincode]
      ? json(200, PLACES[pincode])
      : json(404, { error: { code: 'NOT_FOUND', message: `PIN code ${pincode} is not in India Post's directory. Please check it.` } });
  });

function renderForm(onSubmit = vi.fn<(input: AddressInput) => Promise<void>>().mockResolvedValue(undefined), initial?: Address) {
  const onCancel = vi.fn();
  renderWithProviders(<AddressForm initial={initial} onSubmit={onSubmit} onCancel={onCancel} submitLabel="Save address" />);
  return { onSubmit, onCancel };
}

const cityValue = () => (screen.getByLabelText('City') as HTMLInputElement).value;
const stateChoices = () => [...(screen.getByLabelText('State') as HTMLSelectElement).options].map((option) => option.textContent);

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValidAddress() {
  fill('Full name', 'Asha Menon');
  fill('Mobile number', '98470 11223');
  fill('Address line 1', '12/345 Marine Drive');
  fill('City', 'Kochi');
  fill('State', 'Kerala');
  fill('PIN code', '682031');
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
}

describe('AddressForm', () => {
  beforeEach(() => vi.stubGlobal('fetch', directory()));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('fills city and state in from the PIN code, and marks a PIN code India Post does not know', async () => {
    renderForm();
    fill('PIN code', '560103');
    await waitFor(() => expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Bengaluru'));
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('Karnataka');
    expect(screen.getByText('Bengaluru Urban, Karnataka')).toBeTruthy();

    fill('PIN code', '999999');
    expect(await screen.findByText("PIN code 999999 is not in India Post's directory. Please check it.")).toBeTruthy();
    expect(screen.getByLabelText('PIN code').getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps a city the shopper typed', async () => {
    renderForm();
    fill('City', 'Kochi');
    fill('PIN code', '682031');
    await waitFor(() => expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('Kerala'));
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Kochi');
  });

  it('shows an error under each required field and does not submit an empty form', async () => {
    const { onSubmit } = renderForm();
    submit();

    expect(await screen.findByText('Please enter the name')).toBeTruthy();
    expect(screen.getByText('Please enter a 10-digit Indian mobile number (+91)')).toBeTruthy();
    expect(screen.getByText('Please enter the house number and street')).toBeTruthy();
    expect(screen.getByText('Please enter the city')).toBeTruthy();
    expect(screen.getByText('Please choose a state or union territory')).toBeTruthy();
    expect(screen.getByText('PIN code must be 6 digits')).toBeTruthy();

    const name = screen.getByLabelText('Full name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const errorId = name.getAttribute('aria-describedby');
    expect(errorId && document.getElementById(errorId)?.textContent).toBe('Please enter the name');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the normalised address', async () => {
    const { onSubmit } = renderForm();
    fillValidAddress();
    fireEvent.click(screen.getByLabelText('Make this my default address'));
    submit();

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      ...DELIVERY,
      isDefault: true,
    });
  });

  it('rejects a 5-digit PIN code', async () => {
    const { onSubmit } = renderForm();
    fillValidAddress();
    fill('PIN code', '12345');
    submit();

    expect(await screen.findByText('PIN code must be 6 digits')).toBeTruthy();
    expect(screen.getByLabelText('PIN code').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the server error in an alert', async () => {
    renderForm(vi.fn().mockRejectedValue(new ApiError(409, 'CONFLICT', 'An address book holds at most 20 addresses.')));
    fillValidAddress();
    submit();

    expect((await screen.findByRole('alert')).textContent).toBe('An address book holds at most 20 addresses.');
    expect(screen.getByRole('button', { name: 'Save address' })).toBeTruthy();
  });

  it('lets the State be only the PIN code’s once India Post knows it, and any while it does not', async () => {
    renderForm();
    expect(stateChoices()).toHaveLength(INDIAN_STATES.length + 1);
    fill('PIN code', '560103');
    await waitFor(() => expect(stateChoices()).toEqual(['Karnataka']));
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('Karnataka');
    expect(screen.getByText('Set by PIN code 560103')).toBeTruthy();
    fill('PIN code', '56010');
    expect(stateChoices()).toEqual(['Choose a state', ...INDIAN_STATES]);
  });

  it('follows a changed PIN code with the city of an address being edited, and of one the shopper typed', async () => {
    renderForm(undefined, {
      id: 7,
      name: 'Asha Menon',
      phone: '+919847011223',
      line1: '4 Koramangala',
      line2: '',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560103',
      isDefault: false,
    });
    expect(await screen.findByText('Bengaluru Urban, Karnataka')).toBeTruthy();
    expect(cityValue()).toBe('Bengaluru');
    fill('PIN code', '682031');
    await waitFor(() => expect(cityValue()).toBe('Ernakulam'));
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('Kerala');

    cleanup();
    renderForm();
    fill('City', 'Kochi');
    fill('PIN code', '682031');
    expect(await screen.findByText('Ernakulam, Kerala')).toBeTruthy();
    expect(cityValue()).toBe('Kochi');
    fill('PIN code', '560103');
    await waitFor(() => expect(cityValue()).toBe('Bengaluru'));
  });

  it('drops the PIN code’s alert and the city it filled in once the PIN code changes', async () => {
    const wrong = 'PIN code 560103 is in Karnataka, not Kerala';
    renderForm(
      vi.fn().mockRejectedValue(new ApiError(400, 'VALIDATION_FAILED', wrong, { issues: [{ field: 'pincode', message: wrong }] })),
    );
    fill('Full name', 'Asha Menon');
    fill('Mobile number', '98470 11223');
    fill('Address line 1', '4 Koramangala');
    fill('PIN code', '560103');
    await waitFor(() => expect(cityValue()).toBe('Bengaluru'));
    submit();
    expect(await screen.findByText(wrong)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('PIN code'));
    fill('PIN code', '682031');
    await waitFor(() => expect(cityValue()).toBe('Ernakulam'));
    expect(screen.queryByText(wrong)).toBeNull();

    fill('PIN code', '999999');
    expect(await screen.findByText("PIN code 999999 is not in India Post's directory. Please check it.")).toBeTruthy();
    expect(cityValue()).toBe('');
    fill('PIN code', '560103');
    await waitFor(() => expect(cityValue()).toBe('Bengaluru'));
    expect(screen.queryByText("PIN code 999999 is not in India Post's directory. Please check it.")).toBeNull();
    expect(screen.getByLabelText('PIN code').getAttribute('aria-invalid')).toBeNull();
  });
});
