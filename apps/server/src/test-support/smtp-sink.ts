import { startMailServer, type ReceivedMail } from '../../../../e2e/support/mail-server';
import { extractLinks } from '../../../../e2e/support/mime';

export type { ReceivedMail };

/**
 * The project's test SMTP server (e2e/support), with the one extra the integration tests need:
 * the n-th mail to an address, for stories that mail one person several times.
 */
export async function startSmtpSink() {
  const server = await startMailServer();
  return {
    url: server.url,
    received: server.received,
    async mailTo(address: string, { skip = 0, timeoutMs = 5000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = server.received.filter((item) => item.recipients.includes(address))[skip];
        if (mail) return mail;
        if (Date.now() > deadline)
          throw new Error(`no mail #${skip + 1} to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => server.close(),
  };
}

/** The first link in a mail's text that starts with the given prefix. */
export function linkIn(mail: ReceivedMail, prefix: string) {
  const link = extractLinks(mail.text).find((url) => url.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return link;
}
