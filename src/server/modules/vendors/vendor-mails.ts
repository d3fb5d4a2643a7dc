import { INDIA_TIME_ZONE } from '#shared/india-time.ts';
import type { StoreInfo } from '#shared/store-info.ts';
import type { MailMessage } from '#server/modules/mail/mailer.ts';
import type { PayoutDetail } from './vendors.service.ts';

const indiaDateTime = (at: Date) =>
  new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: INDIA_TIME_ZONE }).format(at);

/** Tells a seller its payout details were replaced and its payouts held, in case it was not the seller. */
export function payoutDetailsChangedMail(
  store: StoreInfo,
  seller: { email: string; name: string },
  shop: string,
  replaced: readonly PayoutDetail[],
  heldUntil: Date,
): MailMessage {
  return {
    to: seller.email,
    subject: `The ${replaced.join(', ')} of ${shop} changed`,
    text: [
      `Hello ${seller.name},`,
      '',
      `The ${replaced.join(', ')} of your shop ${shop} on ${store.name} was changed just now.`,
      `For your safety, payouts to your shop are held until ${indiaDateTime(heldUntil)} (India time).`,
      '',
      `If this was not you, write to us at once at ${store.supportEmail}: we will stop the payouts and restore your details.`,
      `Then choose a new password at ${store.url}/forgot-password.`,
      '',
      `${store.name} · ${store.supportEmail}`,
    ].join('\n'),
  };
}
