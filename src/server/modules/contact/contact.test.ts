import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { testDialects } from '#server/testing/test-database.ts';
import { findContactMessage } from './contact.repository.ts';

describe.each(testDialects())('contact API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  const valid = {
    name: 'Ananya Iyer',
    email: 'Ananya.Iyer@Example.in',
    phone: '+91 98450 12345'.replace(/\s/g, ''),
    topic: 'Order',
    orderNumber: '',
    message: 'My order has not moved from Packed for three days.',
  };

  it('stores a message and returns a reference', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/contact', payload: valid });
    expect(response.statusCode).toBe(201);
    const receipt = response.json();
    expect(receipt.reference).toMatch(/^MSG-\d{6}$/);
    const stored = await findContactMessage(t.database.db, receipt.id);
    expect(stored).toMatchObject({ name: 'Ananya Iyer', email: 'ananya.iyer@example.in', topic: 'Order', order_number: null });
  });

  it.each([
    [{ ...valid, email: 'not-an-email' }, 'Please enter a valid e-mail address'],
    [{ ...valid, message: 'short' }, 'Please write at least 10 characters'],
    [{ ...valid, topic: 'Spam' }, 'Please choose a topic'],
    [{ ...valid, phone: '12345' }, 'Please enter a 10-digit Indian mobile number'],
    [{ ...valid, role: 'admin' }, 'Unrecognized key'],
  ])('refuses %j with 400 and stores nothing', async (payload, message) => {
    const before = await t.database.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await t.app.inject({ method: 'POST', url: '/api/contact', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
    const after = await t.database.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
