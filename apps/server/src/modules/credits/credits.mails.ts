import { PRODUCT_NAME, formatMoney } from '@roomcraft/contracts';
import type { MailMessage } from '../../platform/mail';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface Receipt {
  to: string;
  firstName: string;
  credits: number;
  price: number;
  currency: string;
  sessionId: string;
  paidAt: Date;
  testMode: boolean;
  balance: number;
  creditsUrl: string;
}

/** The receipt after a purchase: what was bought, what it cost, the payment reference. */
export function receiptMail(receipt: Receipt): MailMessage {
  const amount = formatMoney(receipt.price, receipt.currency);
  const rows: [string, string][] = [
    ['Credits', String(receipt.credits)],
    ['Amount paid', receipt.testMode ? `${amount} (test mode: no money was taken)` : amount],
    ['Date', `${receipt.paidAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`],
    ['Payment reference', receipt.sessionId],
    ['Your balance', `${receipt.balance} credits`],
  ];
  const intro = [
    `Hello ${receipt.firstName},`,
    `Thank you for your purchase. ${receipt.credits} credits have been added to your ${PRODUCT_NAME} account.`,
  ];
  const text = [
    ...intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `Your credits and their history: ${receipt.creditsUrl}`,
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#2b2623">
${intro.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<table style="border-collapse:collapse">${rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#7a716b">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>
<p><a href="${escapeHtml(receipt.creditsUrl)}" style="color:#b5643c">Your credits and their history</a></p>
<p>— ${PRODUCT_NAME}</p></body></html>`;
  return {
    to: receipt.to,
    subject: `Your ${PRODUCT_NAME} receipt: ${receipt.credits} credits`,
    text,
    html,
  };
}
