/**
 * Runs the fake Razorpay on its own, for Playwright or a manual try:
 *
 *   node --experimental-strip-types src/server/testing/fakes/razorpay/cli.ts --port 4290 \
 *     --webhook-url http://127.0.0.1:3000/api/webhooks/razorpay
 *
 * Prints one line of JSON on stdout ({ url, checkoutUrl, keyId, keySecret, webhookSecret,
 * webhookUrl }) once it listens, and stops on SIGINT or SIGTERM. Other options: --host,
 * --key-id, --key-secret, --webhook-secret.
 */
import { parseArgs } from 'node:util';
import { startFakeRazorpay } from './fake-razorpay.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    'webhook-url': { type: 'string' },
    'key-id': { type: 'string' },
    'key-secret': { type: 'string' },
    'webhook-secret': { type: 'string' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  process.stderr.write(`--port must be a TCP port, not ${values.port}\n`);
  process.exit(2);
}
if (values['key-id'] !== undefined && !/^rzp_test_\w+$/.test(values['key-id'])) {
  process.stderr.write('--key-id must look like a test key (rzp_test_…)\n');
  process.exit(2);
}

const fake = await startFakeRazorpay({
  port,
  host: values.host,
  keyId: values['key-id'],
  keySecret: values['key-secret'],
  webhookSecret: values['webhook-secret'],
  webhookUrl: values['webhook-url'] ?? null,
});

process.stdout.write(
  `${JSON.stringify({
    url: fake.url,
    checkoutUrl: `${fake.url}/v1/checkout.js`,
    keyId: fake.keyId,
    keySecret: fake.keySecret,
    webhookSecret: fake.webhookSecret,
    webhookUrl: fake.webhookUrl,
  })}\n`,
);

const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
