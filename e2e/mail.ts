import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from './fixtures.ts';

/** Where the e2e server (no SMTP_URL) writes its mails: DATA_DIR/outbox, one .eml file each. */
const OUTBOX = path.join('test-results', 'e2e-data', 'outbox');

/** The body of a mail as written (quoted-printable: soft line breaks and =XX escapes undone). */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest mail to `to` whose text has `pattern`, waiting a little for it to be written. */
export async function mailTo(to: string, pattern: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(async () => {
      const files = (await readdir(OUTBOX).catch(() => [] as string[]))
        .filter((file) => file.endsWith('.eml'))
        .sort()
        .reverse();
      for (const file of files) {
        const mail = decodeQuotedPrintable(await readFile(path.join(OUTBOX, file), 'utf8'));
        if (mail.includes(`To: ${to}`) && pattern.test(mail)) {
          found = mail;
          return true;
        }
      }
      return false;
    })
    .toBe(true);
  return found;
}

/** Verifies a new account's e-mail with the link mailed at registration, as its owner would (the browser tests of that page are in account-security.spec.ts). */
export async function verifyEmail(page: Page, email: string, origin: string): Promise<void> {
  const mail = await mailTo(email, /verify-email#token=/);
  const token = /verify-email#token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
  const verified = await page.request.post('/api/auth/verify-email', { headers: { origin }, data: { token } });
  expect(verified.status()).toBe(204);
}
