import type { FakeRazorpay, FakeRazorpaySwitches } from './fake-razorpay.ts';
import { RazorpayApiError } from './protocol.ts';

type Rule = { method?: string; path?: string; status?: number; error?: { code: string; description: string } };

const FLAGS = ['duplicateWebhooks', 'reorderWebhooks', 'holdWebhooks', 'failRefunds', 'holdRefunds'] as const;
const NUMBERS = ['delayMs', 'webhookDelayMs'] as const;

function rules(value: unknown): Rule[] {
  if (!Array.isArray(value)) throw new RazorpayApiError(400, 'failNext and loseNextAnswer must be arrays');
  return value as Rule[];
}

/** A JSON copy of the switches; a rule's path RegExp travels as its source. */
export function describeSwitches(switches: FakeRazorpaySwitches) {
  const plain = (rule: { method?: string; path?: RegExp }) => ({ ...rule, path: rule.path?.source });
  return { ...switches, failNext: switches.failNext.map(plain), loseNextAnswer: switches.loseNextAnswer.map(plain) };
}

function setSwitches(switches: FakeRazorpaySwitches, body: Record<string, unknown>): void {
  for (const flag of FLAGS) if (body[flag] !== undefined) switches[flag] = body[flag] === true;
  for (const name of NUMBERS) if (body[name] !== undefined) switches[name] = Number(body[name]) || 0;
  if (body.failNext !== undefined) {
    switches.failNext.push(
      ...rules(body.failNext).map((rule) => ({
        method: rule.method,
        path: rule.path === undefined ? undefined : new RegExp(rule.path),
        status: rule.status ?? 500,
        error: rule.error,
      })),
    );
  }
  if (body.loseNextAnswer !== undefined) {
    switches.loseNextAnswer.push(
      ...rules(body.loseNextAnswer).map((rule) => ({
        method: rule.method,
        path: rule.path === undefined ? undefined : new RegExp(rule.path),
      })),
    );
  }
}

/**
 * The fake's own control API under /_fake/, for a test in another process (Playwright workers,
 * the CLI): the same levers as the FakeRazorpay object, as JSON. Authenticated like the REST API.
 * Returns undefined for a path it does not know.
 */
export async function control(fake: FakeRazorpay, method: string, pathname: string, body: Record<string, unknown>): Promise<unknown> {
  const date = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? new Date(value) : undefined);
  switch (`${method} ${pathname}`) {
    case 'GET /_fake/state':
      return {
        webhookUrl: fake.webhookUrl,
        switches: describeSwitches(fake.switches),
        sentWebhooks: fake.sentWebhooks,
        requests: fake.requests.length,
      };
    case 'POST /_fake/switches':
      setSwitches(fake.switches, body);
      return describeSwitches(fake.switches);
    case 'POST /_fake/webhook-url':
      fake.webhookUrl = typeof body.url === 'string' && body.url !== '' ? body.url : null;
      return { webhookUrl: fake.webhookUrl };
    case 'POST /_fake/pay':
      return fake.pay(String(body.order_id ?? ''), {
        method: body.method as 'upi' | 'card' | 'netbanking' | 'emi' | undefined,
        fail: body.fail === true,
        amount: typeof body.amount === 'number' ? body.amount : undefined,
      });
    case 'POST /_fake/flush-webhooks':
      await fake.flushWebhooks();
      return { sent: fake.sentWebhooks.length };
    case 'POST /_fake/process-refunds':
      await fake.processRefunds();
      return {};
    case 'POST /_fake/settle':
      return fake.settle({ date: date(body.date) });
    case 'POST /_fake/plant-payment':
      return fake.plantPayment({
        amount: Number(body.amount),
        status: body.status as 'captured' | 'authorized' | 'failed' | undefined,
        orderId: typeof body.orderId === 'string' ? body.orderId : undefined,
        createdAt: date(body.createdAt),
      });
    case 'POST /_fake/set-amount':
      fake.setAmount(String(body.paymentId), Number(body.amount));
      return {};
    default:
      return undefined;
  }
}
