import type { CartQuote } from '#shared/schemas/cart.ts';
import type { CheckoutOptions, Order, PaymentResult } from '#shared/schemas/orders.ts';

/** A checkout's test data: one Dell XPS 13 at ₹72,000 from Kochi Computers, and DIWALI10's ₹1,500 off it. */
export const PRICE = 7_200_000;
export const COUPON_DISCOUNT = 150_000;
export const LINES = [{ productId: 7, offerId: 70, quantity: 1 }];
export const OPTIONS: CheckoutOptions = {
  testMode: true,
  banks: [{ code: 'HDFC', name: 'HDFC Bank' }],
  emi: { minOrder: 300_000, plans: [] },
};
export const DELIVERY = {
  name: 'Asha Menon',
  phone: '+919847011223',
  line1: '12/345 Marine Drive',
  line2: '',
  city: 'Kochi',
  state: 'Kerala',
  pincode: '682031',
};

/** The server's price of LINES, with DIWALI10 applied when it is the code. */
export function quoteFor(couponCode: string | undefined): CartQuote {
  const base: CartQuote = {
    items: [
      {
        productId: 7,
        offerId: 70,
        name: 'Dell XPS 13',
        image: null,
        vendorName: 'Kochi Computers',
        requestedQuantity: 1,
        quantity: 1,
        unitPrice: PRICE,
        mrp: PRICE,
        stock: 4,
        lineTotal: PRICE,
        status: 'ok',
        message: null,
      },
    ],
    itemCount: 1,
    subtotal: PRICE,
    discount: 0,
    coupon: null,
    couponError: null,
    shipping: 0,
    gst: 1_098_305,
    total: PRICE,
    freeShippingThreshold: 50_000,
  };
  if (couponCode !== 'DIWALI10') return base;
  return {
    ...base,
    discount: COUPON_DISCOUNT,
    coupon: { code: 'DIWALI10', description: '10% off, up to ₹1,500', discount: COUPON_DISCOUNT, fundedBy: 'marketplace' },
    total: PRICE - COUPON_DISCOUNT,
  };
}

/** Order CB00000042 of LINES awaiting payment, with the coupon when given. */
export function orderOf(couponCode: string | undefined): Order {
  const discount = couponCode ? COUPON_DISCOUNT : 0;
  return {
    id: 42,
    number: 'CB00000042',
    status: 'pending_payment',
    displayStatus: 'Awaiting payment',
    orderDate: '2026-11-22T10:15:00.000Z',
    items: [
      {
        id: 1,
        returnableQuantity: 0,
        returnBy: null,
        replacementFor: null,
        productId: 7,
        offerId: 70,
        name: 'Dell XPS 13',
        image: null,
        unitPrice: PRICE,
        quantity: 1,
        lineTotal: PRICE,
        discount,
        vendor: { id: 3, name: 'Kochi Computers' },
      },
    ],
    subtotal: PRICE,
    discount,
    coupon: couponCode ? { code: couponCode, fundedBy: 'marketplace' } : null,
    shipping: 0,
    gst: 1_075_424,
    total: PRICE - discount,
    address: DELIVERY,
    fulfilments: [],
    payments: [],
    canCancel: true,
    canReturn: false,
    canPay: true,
    payBy: '2026-11-22T10:45:00.000Z',
    cancelledAt: null,
    returnReason: null,
    returns: [],
    buyerGst: null,
  };
}

/** The order paid in cash on delivery: confirmed at once. */
export const paidOnDelivery = (amount: number): PaymentResult => ({
  payment: {
    id: 9,
    orderId: 42,
    method: 'cod',
    amount,
    status: 'authorized',
    reference: 'COD-9',
    details: {},
    failureReason: null,
    abandoned: false,
    refundedAmount: 0,
    createdAt: '2026-11-22T10:16:00.000Z',
  },
  next: 'done',
  orderStatus: 'confirmed',
});
