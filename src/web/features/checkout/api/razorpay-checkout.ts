import type { RazorpayCheckout, RazorpayHandlerInput } from '#shared/schemas/payment-gateway.ts';

/**
 * Razorpay Standard Checkout in the browser: its script (checkout.js, loaded once and only when a
 * shopper pays through it) defines `window.Razorpay`; `new Razorpay(options).open()` shows its
 * window over the page. Only what the store uses of its documented options is typed here.
 */

/** A failed payment, as the `payment.failed` event gives it (the window stays open to try again). */
export interface RazorpayFailure {
  error: { code?: string; description?: string; reason?: string; metadata?: { payment_id?: string; order_id?: string } };
}

type HostedMethod = RazorpayCheckout['method'];

export interface RazorpayOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  prefill: RazorpayCheckout['prefill'] & { method: HostedMethod };
  /** the shopper's chosen method shown first, the others still offered */
  config: {
    display: {
      blocks: Record<string, { name: string; instruments: Array<{ method: HostedMethod; flows?: string[] }> }>;
      sequence: string[];
      preferences: { show_default_blocks: boolean };
    };
  };
  /** the payment is made: its id, its order and Razorpay's signature of both, for our server to verify */
  handler: (response: RazorpayHandlerInput) => void;
  modal: { ondismiss: () => void; escape: boolean; confirm_close: boolean };
}

export interface RazorpayInstance {
  open: () => void;
  close: () => void;
  on: (event: 'payment.failed', listener: (failure: RazorpayFailure) => void) => void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: { src: string; promise: Promise<RazorpayConstructor> } | undefined;

/** Loads Razorpay's checkout script once per page; a failed load can be tried again. */
export function loadRazorpay(src: string): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  if (loading?.src === src) return loading.promise;
  const promise = new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    const fail = () => {
      script.remove();
      loading = undefined;
      reject(new Error('Razorpay’s checkout could not be loaded. Please check your connection and try again.'));
    };
    script.addEventListener('load', () => (window.Razorpay ? resolve(window.Razorpay) : fail()));
    script.addEventListener('error', fail);
    document.head.append(script);
  });
  loading = { src, promise };
  return promise;
}

const METHOD_NAMES: Record<HostedMethod, string> = { upi: 'UPI', card: 'Card', netbanking: 'Net Banking', emi: 'EMI' };

/**
 * A phone pays UPI in its UPI app (intent); a computer shows a QR code to scan with one. Razorpay
 * picks the same by itself; saying it keeps the chosen flow first.
 */
export function upiFlows(): string[] {
  const phone = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  return phone ? ['intent'] : ['qr'];
}

/** Standard Checkout's options for our server's Razorpay order, the shopper's method first. */
export function razorpayOptions(
  checkout: RazorpayCheckout,
  callbacks: { onPaid: (response: RazorpayHandlerInput) => void; onDismiss: () => void },
): RazorpayOptions {
  const { method } = checkout;
  return {
    key: checkout.keyId,
    order_id: checkout.orderId,
    amount: checkout.amount,
    currency: checkout.currency,
    name: checkout.name,
    description: checkout.description,
    prefill: { ...checkout.prefill, method },
    config: {
      display: {
        blocks: {
          chosen: { name: `Pay by ${METHOD_NAMES[method]}`, instruments: [method === 'upi' ? { method, flows: upiFlows() } : { method }] },
        },
        sequence: ['block.chosen'],
        preferences: { show_default_blocks: true },
      },
    },
    handler: callbacks.onPaid,
    modal: { ondismiss: callbacks.onDismiss, escape: true, confirm_close: false },
  };
}
