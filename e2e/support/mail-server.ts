import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './mime';

export interface ReceivedMail extends ParsedMail {
  /** Envelope recipients, as the server gave them to SMTP (RCPT TO). */
  recipients: string[];
  raw: Buffer;
}

export interface MailFilter {
  to: string;
  subject?: RegExp;
}

export interface MailServer {
  readonly port: number;
  readonly url: string;
  readonly received: readonly ReceivedMail[];
  /** The first mail matching the filter, waiting for it to arrive if need be. */
  waitForMail(filter: MailFilter, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps every message it accepts. */
export async function startMailServer(): Promise<MailServer> {
  const received: ReceivedMail[] = [];
  const arrivals = new EventEmitter();
  const server = new SMTPServer({
    authOptional: true,
    // Nodemailer upgrades to TLS whenever STARTTLS is offered and would reject the self-signed cert.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const mail: ReceivedMail = {
          ...parseMail(raw),
          recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw,
        };
        received.push(mail);
        arrivals.emit('mail', mail);
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address() as AddressInfo;

  const matches = (mail: ReceivedMail, filter: MailFilter) =>
    mail.recipients.includes(filter.to.toLowerCase()) &&
    (!filter.subject || filter.subject.test(mail.subject));

  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    waitForMail(filter, timeoutMs = 15_000) {
      const found = received.find((mail) => matches(mail, filter));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const onMail = (mail: ReceivedMail) => {
          if (!matches(mail, filter)) return;
          clearTimeout(timer);
          arrivals.off('mail', onMail);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          arrivals.off('mail', onMail);
          const seen = received.map((mail) => `${mail.recipients.join(',')}: ${mail.subject}`);
          reject(
            new Error(
              `No mail to ${filter.to}${filter.subject ? ` matching ${String(filter.subject)}` : ''} ` +
                `within ${timeoutMs} ms; received: ${seen.length ? seen.join(' | ') : 'none'}`,
            ),
          );
        }, timeoutMs);
        arrivals.on('mail', onMail);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
