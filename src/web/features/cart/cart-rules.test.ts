import { describe, expect, it } from 'vitest';
import {
  addItem,
  type CartProduct,
  cartLines,
  itemCount,
  lineKey,
  parseSavedCart,
  removeItem,
  setQuantity,
  subtotal,
} from './cart-rules.ts';

const laptop: CartProduct = { id: 1, name: 'ThinkPad E14', price: 6_299_000 };
const monitor: CartProduct = { id: 2, name: 'UltraGear 27', price: 2_499_900 };

describe('cart rules', () => {
  it('adds a new product with its quantity', () => {
    expect(addItem([], laptop, 2)).toEqual([{ product: laptop, quantity: 2 }]);
  });

  it('increases the quantity when the product is already in the cart', () => {
    const items = addItem(addItem([], laptop), laptop, 2);
    expect(items).toEqual([{ product: laptop, quantity: 3 }]);
  });

  it('never holds more than 10 of one product', () => {
    expect(addItem([{ product: laptop, quantity: 9 }], laptop, 5)[0]?.quantity).toBe(10);
    expect(setQuantity([{ product: laptop, quantity: 1 }], '1', 50)[0]?.quantity).toBe(10);
  });

  it('removes the item when its quantity is set to 0 or less', () => {
    const items = [
      { product: laptop, quantity: 2 },
      { product: monitor, quantity: 1 },
    ];
    expect(setQuantity(items, '1', 0)).toEqual([{ product: monitor, quantity: 1 }]);
    expect(setQuantity(items, '2', -3)).toEqual([{ product: laptop, quantity: 2 }]);
    expect(setQuantity(items, '2', 4)).toEqual([
      { product: laptop, quantity: 2 },
      { product: monitor, quantity: 4 },
    ]);
  });

  it('holds at most 50 different products', () => {
    const full = Array.from({ length: 50 }, (_, i) => ({ product: { id: i + 100, name: `P${i}`, price: 100 }, quantity: 1 }));
    expect(addItem(full, laptop)).toHaveLength(50);
    expect(addItem(full, full[0]!.product)[0]?.quantity).toBe(2);
  });

  it('removes one item and leaves the rest', () => {
    expect(
      removeItem(
        [
          { product: laptop, quantity: 1 },
          { product: monitor, quantity: 1 },
        ],
        '1',
      ),
    ).toEqual([{ product: monitor, quantity: 1 }]);
  });

  it('keeps one line per product and seller: the same laptop from two sellers is two lines, and a cart saved before offers still reads', () => {
    const fromRavi = { ...laptop, offerId: 11 };
    const fromSita = { ...laptop, offerId: 12, price: 6_199_000 };
    const items = addItem(addItem(addItem([], fromRavi), fromSita, 2), fromRavi);
    expect(items.map((item) => [lineKey(item.product), item.quantity])).toEqual([
      ['1:11', 2],
      ['1:12', 2],
    ]);
    expect(cartLines(items)).toEqual([
      { productId: 1, offerId: 11, quantity: 2 },
      { productId: 1, offerId: 12, quantity: 2 },
    ]);
    expect(removeItem(items, '1:11').map((item) => item.product.offerId)).toEqual([12]);
    expect(setQuantity(items, '1:12', 5)[1]?.quantity).toBe(5);
    // The seed's shape, without an offer: bought from the buy box.
    const saved = parseSavedCart(JSON.stringify([{ product: laptop, quantity: 1 }]));
    expect(cartLines(saved.items)).toEqual([{ productId: 1, quantity: 1 }]);
  });

  it('counts items and sums price times quantity', () => {
    const items = [
      { product: laptop, quantity: 2 },
      { product: monitor, quantity: 3 },
    ];
    expect(itemCount(items)).toBe(5);
    expect(subtotal(items)).toBe(2 * 6_299_000 + 3 * 2_499_900);
    expect(itemCount([])).toBe(0);
    expect(subtotal([])).toBe(0);
  });

  it('restores saved data and ignores corrupt data with a reason', () => {
    expect(parseSavedCart(JSON.stringify([{ product: laptop, quantity: 2 }]))).toEqual({ items: [{ product: laptop, quantity: 2 }] });
    expect(parseSavedCart(null)).toEqual({ items: [] });
    expect(parseSavedCart('{not json')).toMatchObject({ items: [], error: expect.stringContaining('not valid JSON') });
    expect(parseSavedCart('{"a":1}')).toMatchObject({ items: [], error: expect.stringContaining('unexpected shape') });
    expect(parseSavedCart('[{"product":{"id":"x"},"quantity":1}]').items).toEqual([]);
    expect(parseSavedCart('[{"product":{"id":1,"name":"A","price":100},"quantity":-2}]').error).toBeDefined();
  });
});
