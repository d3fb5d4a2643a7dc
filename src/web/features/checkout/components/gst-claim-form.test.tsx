import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GstClaimForm } from './gst-claim-form.tsx';

describe('GstClaimForm', () => {
  afterEach(cleanup);

  it('continues with no GST details for a personal purchase', () => {
    const onContinue = vi.fn();
    render(<GstClaimForm initial={undefined} disabled={false} onContinue={onContinue} />);
    expect(screen.queryByLabelText('Business GSTIN')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(onContinue).toHaveBeenCalledWith(undefined);
  });

  it('checks a business’s GSTIN before continuing, and sends it in capitals with the business name', async () => {
    const onContinue = vi.fn();
    render(<GstClaimForm initial={undefined} disabled={false} onContinue={onContinue} />);
    fireEvent.click(screen.getByLabelText('Claim GST input tax credit'));
    fireEvent.change(screen.getByLabelText('Business GSTIN'), { target: { value: '27aapfu0939f1zw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));

    expect(await screen.findByText('GSTIN does not add up: please check each character')).toBeTruthy();
    expect(screen.getByText('Please enter the business name, as on the GST registration')).toBeTruthy();
    expect(onContinue).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Business GSTIN'), { target: { value: '27aapfu0939f1zv' } });
    fireEvent.change(screen.getByLabelText('Business name'), { target: { value: 'Udyog Electronics LLP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(onContinue).toHaveBeenCalledWith({ gstin: '27AAPFU0939F1ZV', businessName: 'Udyog Electronics LLP' }));
  });
});
