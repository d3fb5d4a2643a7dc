import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { testDialects } from '#server/testing/test-database.ts';

const HEADERS = { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' };

describe.each(testDialects())('address book API on %s', (dialect) => {
  let t: TestApp;
  let asha: string;
  let bilal: string;

  const register = async (name: string, email: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: HEADERS,
      payload: { name, email, password: 'secret-pass-1' },
    });
    const cookie = response.cookies.find((c) => c.name === 'store.session_token');
    return `store.session_token=${cookie?.value}`;
  };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { ...HEADERS, cookie } });

  const home = {
    name: 'Asha Menon',
    phone: '+91 98470 11223',
    line1: '14/2 Marine Drive',
    line2: 'Near Menaka',
    city: 'Kochi',
    state: 'Kerala',
    pincode: '682031',
  };
  const office = {
    name: 'Asha Menon',
    phone: '9847011223',
    line1: 'Infopark Phase 1',
    city: 'Kakkanad',
    state: 'Kerala',
    pincode: '682042',
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    asha = await register('Asha Menon', 'asha@example.in');
    bilal = await register('Bilal Khan', 'bilal@example.in');
  });
  afterAll(() => t.close());

  it('adds addresses; the first is the default; phone is normalised', async () => {
    const first = await call('POST', '/api/account/addresses', asha, home);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ ...home, phone: '+919847011223', isDefault: true });
    const second = await call('POST', '/api/account/addresses', asha, office);
    expect(second.json()).toMatchObject({ city: 'Kakkanad', line2: '', isDefault: false });
    const list = await call('GET', '/api/account/addresses', asha);
    expect(list.json().items.map((a: { city: string }) => a.city)).toEqual(['Kochi', 'Kakkanad']);
    const session = await call('GET', '/api/auth/session', asha);
    expect(session.json().user.addresses).toHaveLength(2);
  });

  it('edits, chooses a default and deletes, promoting another default', async () => {
    const [homeAddress, officeAddress] = (await call('GET', '/api/account/addresses', asha)).json().items;
    const edited = await call('PUT', `/api/account/addresses/${officeAddress.id}`, asha, { ...office, line1: 'Infopark Phase 2' });
    expect(edited.json()).toMatchObject({ line1: 'Infopark Phase 2', isDefault: false });
    const chosen = await call('POST', `/api/account/addresses/${officeAddress.id}/default`, asha);
    expect(chosen.json().isDefault).toBe(true);
    const list = (await call('GET', '/api/account/addresses', asha)).json().items;
    expect(list.map((a: { id: number; isDefault: boolean }) => [a.id, a.isDefault])).toEqual([
      [officeAddress.id, true],
      [homeAddress.id, false],
    ]);
    expect((await call('DELETE', `/api/account/addresses/${officeAddress.id}`, asha)).statusCode).toBe(204);
    expect((await call('GET', '/api/account/addresses', asha)).json().items).toMatchObject([{ id: homeAddress.id, isDefault: true }]);
  });

  it("answers 404 for another user's address and leaves it untouched", async () => {
    const [mine] = (await call('GET', '/api/account/addresses', asha)).json().items;
    expect((await call('PUT', `/api/account/addresses/${mine.id}`, bilal, office)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/account/addresses/${mine.id}`, bilal)).statusCode).toBe(404);
    expect((await call('POST', `/api/account/addresses/${mine.id}/default`, bilal)).statusCode).toBe(404);
    expect((await call('GET', '/api/account/addresses', bilal)).json().items).toEqual([]);
    expect((await call('GET', '/api/account/addresses', asha)).json().items[0]).toMatchObject({ id: mine.id, city: 'Kochi' });
    expect((await call('DELETE', '/api/account/addresses/999999', asha)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/account/addresses/abc', asha)).statusCode).toBe(400);
  });

  it.each([
    [{ ...home, pincode: '12345' }, 'PIN code must be 6 digits'],
    [{ ...home, pincode: '012345' }, 'PIN code must be 6 digits'],
    [{ ...home, phone: '12345' }, 'Please enter a 10-digit Indian mobile number (+91)'],
    [{ ...home, state: 'Atlantis' }, 'Please choose a state or union territory'],
    [{ ...home, city: '' }, 'Please enter the city'],
    [{ ...home, userId: 'someone-else' }, 'Unexpected field: userId'],
  ])('refuses %j with 400', async (payload, message) => {
    const before = (await call('GET', '/api/account/addresses', bilal)).json().items.length;
    const response = await call('POST', '/api/account/addresses', bilal, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
    expect((await call('GET', '/api/account/addresses', bilal)).json().items.length).toBe(before);
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/account/addresses', headers: HEADERS });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
    // Who you are is checked before what you sent: a bad body from nobody is still 401.
    const invalid = await t.app.inject({ method: 'POST', url: '/api/account/addresses', headers: HEADERS, payload: { name: '' } });
    expect(invalid.statusCode).toBe(401);
  });
});
