import { RESET_LINK_MINUTES, VERIFY_LINK_HOURS } from '#shared/schemas/account-security.ts';
import type { StoreInfo } from '#shared/store-info.ts';
import type { MailMessage } from '#server/modules/mail/mailer.ts';

/**
 * The mails of account security. Links carry their token after `#`, which browsers never send to
 * the server: it stays out of access logs and Referer headers; the page posts it to the API.
 */
interface Recipient {
  email: string;
  name: string;
}

const signature = (store: StoreInfo) => `${store.name} · ${store.supportEmail}`;

export function resetPasswordMail(store: StoreInfo, user: Recipient, token: string): MailMessage {
  return {
    to: user.email,
    subject: `Reset your ${store.name} password`,
    text: [
      `Hello ${user.name},`,
      '',
      `Someone, we hope you, asked to reset the password of your ${store.name} account. To choose a new password, open this link within ${RESET_LINK_MINUTES} minutes:`,
      '',
      `${store.url}/reset-password#token=${token}`,
      '',
      'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.',
      '',
      signature(store),
    ].join('\n'),
  };
}

export function verifyEmailMail(store: StoreInfo, user: Recipient, token: string): MailMessage {
  return {
    to: user.email,
    subject: `Please verify your e-mail address for ${store.name}`,
    text: [
      `Hello ${user.name},`,
      '',
      `Please confirm that this is your e-mail address by opening this link within ${VERIFY_LINK_HOURS} hours:`,
      '',
      `${store.url}/verify-email#token=${token}`,
      '',
      `If you did not create an account at ${store.name}, ignore this mail.`,
      '',
      signature(store),
    ].join('\n'),
  };
}

export function passwordChangedMail(store: StoreInfo, user: Recipient, how: 'changed' | 'reset'): MailMessage {
  return {
    to: user.email,
    subject: `Your ${store.name} password was ${how}`,
    text: [
      `Hello ${user.name},`,
      '',
      how === 'changed'
        ? 'The password of your account was changed just now. Your other devices were signed out.'
        : 'The password of your account was reset just now with a link we mailed you. Every device was signed out.',
      '',
      `If this was not you, choose a new password at ${store.url}/forgot-password and write to us at ${store.supportEmail}.`,
      '',
      signature(store),
    ].join('\n'),
  };
}
