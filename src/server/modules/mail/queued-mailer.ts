import type { OutboxService } from '#server/modules/outbox/outbox.service.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/** A deleted account's address is a placeholder under .invalid (RFC 2606): no mail goes there. */
const undeliverable = (to: string) => /(@|\.)invalid$/i.test(to.trim());

/**
 * Mail through the outbox: each message is written down first, then sent at once by `transport`;
 * one that cannot be sent now (SMTP down, disk full) is retried by the outbox worker.
 * Mails that must follow a transaction's commit are queued in it with `outbox.enqueue` instead.
 */
export function createQueuedMailer(outbox: OutboxService, transport: Mailer): Mailer {
  outbox.handle('mail', async (payload) => {
    const message = payload as MailMessage;
    if (!undeliverable(message.to)) await transport.send(message);
  });
  return {
    async send(message) {
      if (undeliverable(message.to)) return;
      const id = await outbox.enqueue(undefined, 'mail', message);
      await outbox.runNow([id]);
    },
  };
}
