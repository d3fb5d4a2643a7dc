import type { OutboxService } from '#server/modules/outbox/outbox.service.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/**
 * Mail through the outbox: each message is written down first, then sent at once by `transport`;
 * one that cannot be sent now (SMTP down, disk full) is retried by the outbox worker.
 * Mails that must follow a transaction's commit are queued in it with `outbox.enqueue` instead.
 */
export function createQueuedMailer(outbox: OutboxService, transport: Mailer): Mailer {
  outbox.handle('mail', (payload) => transport.send(payload as MailMessage));
  return {
    async send(message) {
      const id = await outbox.enqueue(undefined, 'mail', message);
      await outbox.runNow([id]);
    },
  };
}
