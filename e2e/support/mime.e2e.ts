// The stories trust this parser to find links in mails; a wrong decode would send them to a
// broken URL and look like an app bug, so it is checked on its own.
import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, extractLinks, parseMail } from './mime';

const crlf = (lines: string[]) => lines.join('\r\n');

describe('the e2e mail parser', () => {
  it('joins quoted-printable soft line breaks and decodes =3D and UTF-8 bytes', () => {
    const body =
      'Reset: http://127.0.0.1:5000/recover-password?email=3Dada%40example.com&tok=\r\nen=3DAbC_-12=\r\n3 =E2=80=94 Roomcraft';
    expect(decodeQuotedPrintable(body).toString('utf8')).toBe(
      'Reset: http://127.0.0.1:5000/recover-password?email=ada%40example.com&token=AbC_-123 — Roomcraft',
    );
  });

  it('reads the text and html parts of a multipart/alternative mail', () => {
    const raw = crlf([
      'From: Roomcraft <no-reply@roomcraft.local>',
      'To: ada@example.com',
      'Subject: =?UTF-8?Q?Reset_your_Roomcraft_password_=E2=80=94?=',
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative;',
      ' boundary="--_NmP-abc"',
      '',
      'preamble',
      '----_NmP-abc',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Please confirm that ada@example.com is your email =',
      'address.  ',
      'Reset password: http://127.0.0.1:5000/recover-password?email=3Dada%40exampl=',
      'e.com&token=3Dxyz',
      '',
      '=E2=80=94 Roomcraft',
      '----_NmP-abc',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('<p><a href="http://x.test/a?b=1&amp;c=2">Reset</a></p>').toString('base64'),
      '----_NmP-abc--',
      '',
    ]);
    const mail = parseMail(Buffer.from(raw, 'latin1'));
    expect(mail.subject).toBe('Reset your Roomcraft password —');
    expect(mail.to).toBe('ada@example.com');
    expect(mail.text).toBe(
      'Please confirm that ada@example.com is your email address.\n' +
        'Reset password: http://127.0.0.1:5000/recover-password?email=ada%40example.com&token=xyz\n\n— Roomcraft',
    );
    expect(mail.html).toBe('<p><a href="http://x.test/a?b=1&amp;c=2">Reset</a></p>');
    expect(extractLinks(mail.text)).toEqual([
      'http://127.0.0.1:5000/recover-password?email=ada%40example.com&token=xyz',
    ]);
  });

  it('reads a single-part 7bit mail', () => {
    const mail = parseMail('Subject: Hi\nContent-Type: text/plain\n\nSee https://a.test/x.');
    expect(mail.subject).toBe('Hi');
    expect(mail.text).toBe('See https://a.test/x.');
    expect(mail.html).toBe('');
  });
});
