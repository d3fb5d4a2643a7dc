import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * A Nodemailer transport made at the first mail, not with the server: Nodemailer is some 10 MB a
 * process, and only the process that delivers the outbox sends any.
 */
function lazyTransport(options: string | Record<string, unknown>) {
  let transport: Promise<Transporter> | undefined;
  return () => (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options)));
}

/** The Mailer port: SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer({
  smtpUrl,
  dataDir,
  from,
  log,
}: {
  smtpUrl?: string;
  dataDir: string;
  from: string;
  log?: (line: string) => void;
}): Mailer {
  if (smtpUrl) {
    const transport = lazyTransport(smtpUrl);
    return {
      async send(message) {
        await (await transport()).sendMail({ from, ...message });
      },
    };
  }
  const outbox = path.join(dataDir, 'outbox');
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(message) {
      const info = await (await transport()).sendMail({ from, ...message });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${++sequence}.eml`);
      await writeFile(file, info.message as Buffer);
      log?.(`Mail to ${message.to} written to ${file}: ${message.subject}`);
    },
  };
}
