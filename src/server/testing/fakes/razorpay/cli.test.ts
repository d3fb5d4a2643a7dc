import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import Razorpay from 'razorpay';
import { afterEach, expect, it } from 'vitest';

const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cli.ts');
let child: ChildProcess | undefined;
let receiver: http.Server | undefined;

afterEach(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
  receiver?.close();
});

it('runs standalone: prints its url and keys as JSON, is steered over /_fake/, and delivers webhooks', async () => {
  const bodies: Array<{ signature: string; body: string }> = [];
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      bodies.push({ signature: String(request.headers['x-razorpay-signature']), body });
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver?.listen(0, '127.0.0.1', resolve));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  child = spawn(
    process.execPath,
    ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', cli, '--port', '0', '--webhook-url', webhookUrl],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const started = JSON.parse(line) as {
    url: string;
    checkoutUrl: string;
    keyId: string;
    keySecret: string;
    webhookSecret: string;
    webhookUrl: string;
  };
  expect(started).toMatchObject({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) as unknown, webhookUrl });
  expect(started.keyId).toMatch(/^rzp_test_/);
  expect(started.checkoutUrl).toBe(`${started.url}/v1/checkout.js`);

  const auth = {
    authorization: `Basic ${Buffer.from(`${started.keyId}:${started.keySecret}`).toString('base64')}`,
    'content-type': 'application/json',
  };
  const call = async (route: string, body?: unknown) => {
    const response = await fetch(`${started.url}${route}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: auth,
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  expect((await fetch(`${started.url}/_fake/state`)).status).toBe(401);
  expect((await call('/_fake/switches', { holdWebhooks: true, failNext: [{ path: '/v1/payments', status: 502 }] })).body).toMatchObject({
    holdWebhooks: true,
    failNext: [{ path: new RegExp('/v1/payments').source, status: 502 }],
  });
  const order = await call('/v1/orders', { amount: 10_000, currency: 'INR' });
  const paid = await call('/_fake/pay', { order_id: order.body.id, method: 'netbanking' });
  expect(paid.body.razorpay_order_id).toBe(order.body.id);
  expect((await call('/v1/payments')).status).toBe(502);
  expect(bodies).toEqual([]);
  await call('/_fake/flush-webhooks', {});
  expect(bodies).toHaveLength(3);
  for (const { body, signature } of bodies) expect(Razorpay.validateWebhookSignature(body, signature, started.webhookSecret)).toBe(true);
  const state = await call('/_fake/state');
  expect(state.body).toMatchObject({ requests: 2, switches: { failNext: [] } });
});
