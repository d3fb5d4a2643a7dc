import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AboutPage from './about-page.tsx';
import PrivacyPage from './privacy-page.tsx';
import ReturnsPage from './returns-page.tsx';
import TermsPage from './terms-page.tsx';

function textOf(Page: ComponentType) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Page />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return document.body.textContent!.replace(/\s+/g, ' ');
}

/**
 * The information pages promise only what the store does: it sends no SMS, has no seller
 * ratings, pays no seller out (a settlement statement counts delivered orders), saves no cards,
 * shows no delivery date at checkout and replaces no incomplete product.
 */
describe('information pages', () => {
  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404 })),
    ),
  );
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('About: no seller ratings, no paying sellers after the return window, Cash on Delivery only where the seller offers it', () => {
    const text = textOf(AboutPage);
    expect(text).not.toMatch(/ratings|release payment|return window has passed|delivery partners|19,000 PIN codes/i);
    expect(text).toContain('Pay by UPI, Net Banking, Credit/Debit Cards and EMI, or by Cash on Delivery where the seller offers it.');
    expect(text).toContain(
      'it must give a valid GSTIN with the legal name and PAN of its GST registration, a pickup address and a bank account',
    );
  });

  it('Privacy Policy: no SMS, no saved cards, no retention the store does not carry out, and both cookies named', () => {
    const text = textOf(PrivacyPage);
    expect(text).not.toMatch(/SMS|tokenised|three years|single session cookie|servers in India|mobile number/);
    expect(text).toContain('send you order and return updates by e-mail');
    expect(text).toContain('a device cookie holding a random number');
    expect(text).toContain('your e-mail address, your reasons and photos');
  });

  it('Terms: no payment held for the seller until delivery, no delivery date at checkout', () => {
    const text = textOf(TermsPage);
    expect(text).not.toMatch(/release it to the seller|shown at checkout is an estimate|delivery partners/);
    expect(text).toContain('or by Cash on Delivery where the seller offers it');
  });

  it('Returns: a change of mind only unopened; no replacement for missing parts; no inspection deadline', () => {
    const text = textOf(ReturnsPage);
    expect(text).toContain('A product you no longer need is taken back only unopened, with its seal intact.');
    expect(text).toContain('a product with missing parts is refunded');
    expect(text).not.toMatch(
      /inspect(ed)? it within 48 hours|wrong or incomplete, you can choose a replacement|no longer in stock, we refund/,
    );
  });
});
