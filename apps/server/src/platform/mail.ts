import { randomBytes } from 'node:crypto';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { writeFileAtomicAsync } from './atomic-file';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  from: string;
  /** smtp:// or smtps:// URL; without one, every message is written as an .eml file. */
  smtpUrl?: string | undefined;
  outboxDir: string;
}

/** Mail goes over SMTP when configured; otherwise to an outbox folder, one .eml per message. */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFileAtomicAsync(file, info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
