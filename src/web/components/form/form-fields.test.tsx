import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckboxField, SelectField, TextAreaField, TextField } from './form-fields.tsx';
import { FormActions, FormSection, SubmitButton } from './form-layout.tsx';

interface Values {
  shop: { name: string; city: string };
  note: string;
  gift: boolean;
}

/** A form whose checks are the kit's register rules, so that each field's error comes from react-hook-form. */
function ShopForm({ onSave, error = null }: { onSave: (values: Values) => void; error?: string | null }) {
  const form = useForm<Values>({ defaultValues: { shop: { name: '', city: '' }, note: '', gift: false } });
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onSave)(event)}>
      <FormSection legend="Your shop" description="Where we collect parcels.">
        <TextField
          form={form}
          name="shop.name"
          label="Shop name"
          hint="As on your GST registration"
          prefix="@"
          rules={{ required: 'Please enter the shop name' }}
        />
        <SelectField
          form={form}
          name="shop.city"
          label="City"
          placeholder="Choose a city"
          options={['Kochi', { value: 'BLR', label: 'Bengaluru' }]}
          rules={{ required: 'Please choose a city' }}
        />
        <TextAreaField form={form} name="note" label="Note" optional rows={3} />
        <CheckboxField form={form} name="gift" label="Gift wrap" hint="₹49 a parcel" />
      </FormSection>
      <FormActions submitLabel="Save" pendingLabel="Saving…" pending={false} error={error} onCancel={() => undefined} />
    </form>
  );
}

describe('form kit', () => {
  afterEach(cleanup);

  it('ties each label, hint and error to its control, marks it invalid, and focuses the first field in error', async () => {
    const onSave = vi.fn();
    render(<ShopForm onSave={onSave} />);
    const name = screen.getByLabelText('Shop name');
    const hintId = name.getAttribute('aria-describedby');
    expect(hintId && document.getElementById(hintId)?.textContent).toBe('As on your GST registration');
    expect(name.getAttribute('aria-invalid')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    const described = (name.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['As on your GST registration', 'Please enter the shop name']);
    const city = screen.getByLabelText('City');
    expect(city.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(city.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Please choose a city');
    expect(document.activeElement).toBe(name);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends the values at their paths, with choices given as words or as value and label', async () => {
    const onSave = vi.fn();
    render(<ShopForm onSave={onSave} />);
    const city = screen.getByLabelText<HTMLSelectElement>('City');
    expect([...city.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'Choose a city'],
      ['Kochi', 'Kochi'],
      ['BLR', 'Bengaluru'],
    ]);
    fireEvent.change(screen.getByLabelText('Shop name'), { target: { value: 'Kochi Computers' } });
    fireEvent.change(city, { target: { value: 'BLR' } });
    fireEvent.change(screen.getByLabelText(/^Note/), { target: { value: 'Ring twice' } });
    fireEvent.click(screen.getByLabelText('Gift wrap'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toEqual({ shop: { name: 'Kochi Computers', city: 'BLR' }, note: 'Ring twice', gift: true });
  });

  it('names the group, marks optional fields, describes the check box by its hint, and shows why a save failed', () => {
    render(<ShopForm onSave={vi.fn()} error="The server said no" />);
    expect(screen.getByRole('group', { name: 'Your shop' })).toBeTruthy();
    expect(screen.getByLabelText('Note (optional)').tagName).toBe('TEXTAREA');
    const gift = screen.getByLabelText('Gift wrap');
    expect(document.getElementById(gift.getAttribute('aria-describedby') ?? '')?.textContent).toBe('₹49 a parcel');
    expect(screen.getByRole('alert').textContent).toBe('The server said no');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('draws the submit button disabled on the server, so a press before the page comes alive sends nothing; alive, it works', () => {
    expect(renderToString(<SubmitButton label="Sign in" pendingLabel="Signing in…" pending={false} />)).toMatch(
      /^<button type="submit" disabled=""/,
    );
    render(<SubmitButton label="Sign in" pendingLabel="Signing in…" pending={false} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sign in' }).disabled).toBe(false);
    cleanup();
    render(<SubmitButton label="Sign in" pendingLabel="Signing in…" pending />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Signing in…' }).disabled).toBe(true);
  });
});
