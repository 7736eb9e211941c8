import { PRODUCT_NAME } from '@roomcraft/contracts';
import type { MailMessage } from '../../platform/mail';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function mail(
  to: string,
  subject: string,
  lines: string[],
  action: { label: string; url: string },
) {
  const text = [...lines, '', `${action.label}: ${action.url}`, '', `— ${PRODUCT_NAME}`].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#2b2623">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#b5643c;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="color:#7a716b;font-size:13px">${escapeHtml(action.url)}</p>
<p>— ${PRODUCT_NAME}</p></body></html>`;
  return { to, subject, text, html } satisfies MailMessage;
}

export const verificationMail = (to: string, firstName: string, url: string) =>
  mail(
    to,
    `Verify your ${PRODUCT_NAME} email address`,
    [
      `Hello ${firstName},`,
      `Please confirm that ${to} is your email address.`,
      'The link is valid for 24 hours.',
    ],
    { label: 'Verify email address', url },
  );

export const passwordResetMail = (to: string, url: string) =>
  mail(
    to,
    `Reset your ${PRODUCT_NAME} password`,
    [
      'We received a request to reset the password of your account.',
      'The link is valid for 60 minutes and can be used once. If you did not ask for it, ignore this email.',
    ],
    { label: 'Reset password', url },
  );

/** To the old address after an email change: the owner learns of it even if it was not them. */
export const emailChangedMail = (to: string, newEmail: string, url: string) =>
  mail(
    to,
    `Your ${PRODUCT_NAME} email address was changed`,
    [
      `The email address of your ${PRODUCT_NAME} account was changed from ${to} to ${newEmail}.`,
      'If you did not make this change, reset your password and contact us at once.',
    ],
    { label: 'Reset password', url },
  );
