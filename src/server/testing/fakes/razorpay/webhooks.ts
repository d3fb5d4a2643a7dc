import type { PendingEvent } from './ledger.ts';
import { razorpayId, signWebhook, unixSeconds } from './protocol.ts';

export interface SentWebhook {
  event: string;
  /** the `X-Razorpay-Event-Id` header: the same for a duplicate */
  id: string;
  body: string;
  signature: string;
  /** the receiver's HTTP status; null when nothing answered (no URL, refused, timed out) */
  status: number | null;
}

export interface WebhookSwitches {
  webhookDelayMs: number;
  duplicateWebhooks: boolean;
  reorderWebhooks: boolean;
  holdWebhooks: boolean;
}

interface Signed {
  event: string;
  id: string;
  body: string;
}

/** Razorpay gives up on an answer after 5 seconds. */
const RECEIVER_TIMEOUT_MS = 5_000;

/**
 * Sends events as Razorpay does: a JSON envelope (`entity: 'event'`, `account_id`, `event`,
 * `contains`, `payload`, `created_at`) POSTed with `X-Razorpay-Signature` (HMAC-SHA256 hex of
 * the raw body) and `X-Razorpay-Event-Id`. Batches go out one after another, so a test sees a
 * stable order unless it asks for another.
 */
export function createWebhookSender(options: {
  accountId: string;
  secret: string;
  url: () => string | null;
  switches: WebhookSwitches;
  sent: SentWebhook[];
}) {
  const { switches, sent } = options;
  let held: Signed[] = [];
  let chain: Promise<void> = Promise.resolve();

  const sign = (pending: PendingEvent): Signed => {
    const body = JSON.stringify({
      entity: 'event',
      account_id: options.accountId,
      event: pending.event,
      contains: Object.keys(pending.payload),
      payload: pending.payload,
      created_at: unixSeconds(),
    });
    return { event: pending.event, id: razorpayId(''), body };
  };

  async function deliverOne(event: Signed): Promise<void> {
    const signature = signWebhook(event.body, options.secret);
    const record: SentWebhook = { ...event, signature, status: null };
    const url = options.url();
    if (url) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Razorpay-Webhook/v1',
            'x-razorpay-signature': signature,
            'x-razorpay-event-id': event.id,
          },
          body: event.body,
          signal: AbortSignal.timeout(RECEIVER_TIMEOUT_MS),
        });
        await response.arrayBuffer();
        record.status = response.status;
      } catch {
        record.status = null;
      }
    }
    sent.push(record);
  }

  function schedule(batch: Signed[]): Promise<void> {
    const ordered = switches.reorderWebhooks ? [...batch].reverse() : batch;
    const delay = switches.webhookDelayMs;
    const copies = switches.duplicateWebhooks ? 2 : 1;
    chain = chain.then(async () => {
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      for (const event of ordered) {
        for (let i = 0; i < copies; i += 1) await deliverOne(event);
      }
    });
    return chain;
  }

  return {
    enqueue(events: PendingEvent[]): void {
      const batch = events.map(sign);
      if (switches.holdWebhooks) held.push(...batch);
      else void schedule(batch);
    },
    /** Sends what was held and waits until every event so far has been delivered. */
    async flush(): Promise<void> {
      const batch = held;
      held = [];
      if (batch.length > 0) void schedule(batch);
      await chain;
    },
    idle(): Promise<void> {
      return chain;
    },
    heldCount(): number {
      return held.length;
    },
  };
}
