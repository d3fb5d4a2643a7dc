import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPENED_CHANGE_OF_MIND } from '#shared/returns.ts';
import type { ReturnSender } from '../api/returns.ts';
import { ReturnForm } from './return-form.tsx';
import type { ReturnableItem } from './return-values.ts';

const monitor: ReturnableItem = {
  id: 91,
  name: 'LG 27" 4K Monitor',
  quantity: 1,
  lineTotal: 2_999_900,
  discount: 0,
  vendor: { id: 4, name: 'Lamington Road Traders' },
  returnableQuantity: 1,
  returnBy: '2026-12-02T10:00:00.000Z',
} as ReturnableItem;

function renderForm() {
  const sender: ReturnSender = {
    send: vi.fn((_, handlers) => handlers.onSuccess()),
    pending: false,
    error: null,
    upload: vi.fn(),
    uploading: false,
  };
  const onDone = vi.fn();
  render(
    <MemoryRouter>
      <ReturnForm item={monitor} cash={false} sender={sender} onDone={onDone} onClose={vi.fn()} />
    </MemoryRouter>,
  );
  return {
    form: within(screen.getByRole('form', { name: 'Return LG 27" 4K Monitor' })),
    send: sender.send as ReturnType<typeof vi.fn>,
    onDone,
  };
}

describe('ReturnForm', () => {
  afterEach(cleanup);

  it('asks whether a unit no longer needed is unopened, refuses an opened one as the returns policy does, and sends a sealed one with its answer', async () => {
    const { form, send, onDone } = renderForm();
    expect(form.queryByRole('group', { name: 'Is the unit unopened, with its seal intact?' })).toBeNull();

    fireEvent.change(form.getByLabelText('Reason'), { target: { value: 'changed_mind' } });
    const seal = within(form.getByRole('group', { name: 'Is the unit unopened, with its seal intact?' }));
    // Not answered: asked, nothing sent.
    fireEvent.click(form.getByRole('button', { name: 'Request return' }));
    expect(await form.findByText('Please tell us whether the unit is unopened, with its seal intact')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();

    // Opened: told at once that the policy refuses it, and refused on sending.
    fireEvent.click(seal.getByRole('radio', { name: 'No, it has been opened' }));
    expect(await form.findByText(OPENED_CHANGE_OF_MIND, { exact: false })).toBeTruthy();
    expect(form.getByRole('link', { name: 'Our returns policy' }).getAttribute('href')).toBe('/returns');
    fireEvent.click(form.getByRole('button', { name: 'Request return' }));
    await waitFor(() => expect(document.activeElement).toBe(seal.getByRole('radio', { name: 'Yes, it is unopened' })));
    expect(send).not.toHaveBeenCalled();

    // Sealed: sent with the answer, for a refund.
    fireEvent.click(seal.getByRole('radio', { name: 'Yes, it is unopened' }));
    fireEvent.click(form.getByRole('button', { name: 'Request return' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]?.[0]).toMatchObject({
      orderItemId: 91,
      quantity: 1,
      reason: 'changed_mind',
      unopened: true,
      resolution: 'refund',
    });
    expect(onDone).toHaveBeenCalledWith('Return requested for 1 × LG 27" 4K Monitor. Lamington Road Traders will arrange a pickup.');
  });

  it('does not ask about the seal for a fault, and sends no answer with it', async () => {
    const { form, send } = renderForm();
    fireEvent.change(form.getByLabelText('Reason'), { target: { value: 'defective' } });
    expect(form.queryByRole('group', { name: 'Is the unit unopened, with its seal intact?' })).toBeNull();
    fireEvent.click(form.getByRole('button', { name: 'Request return' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]?.[0]).not.toHaveProperty('unopened');
  });
});
