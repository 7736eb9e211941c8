import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMail } from '../../../../e2e/support/mime';
import { createMailer } from './mail';

describe('the outbox mailer', () => {
  it('writes each message as a complete .eml file and nothing else', async () => {
    const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), 'roomcraft-mail-')), 'mail');
    const mailer = createMailer({ from: 'Roomcraft <no-reply@roomcraft.local>', outboxDir });
    const link = `https://roomcraft.example/recover-password?email=a%40b.co&token=${'t'.repeat(43)}`;
    await mailer.send({
      to: 'a@b.co',
      subject: 'Reset',
      text: `Follow ${link}`,
      html: '<p>Follow</p>',
    });
    await mailer.send({ to: 'c@d.co', subject: 'Second', text: 'Hello', html: '<p>Hello</p>' });

    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    const raw = files
      .map((file) => readFileSync(path.join(outboxDir, file), 'utf8'))
      .find((eml) => eml.includes('Subject: Reset'));
    expect(raw).toContain('To: a@b.co');
    expect(parseMail(raw ?? '').text).toContain(link);
  });
});
