import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileMailer } from '#core/mail/file-mailer.ts';
import { passwordResetMail } from './password-reset.mail.ts';

describe('password reset mail', () => {
  it('writes an RFC 822 message with text and HTML parts, and escapes HTML', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-mail-'));
    const written: string[] = [];
    const mailer = new FileMailer(folder, 'Meshport <no-reply@meshport.test>', (file) => written.push(file));
    const message = passwordResetMail({
      to: 'vera@example.test',
      name: 'Vera <b>Viewer</b>',
      tenantName: 'Acme & Sons',
      url: 'http://acme.meshport.test/reset-password?token=abc',
      minutes: 60,
    });
    const sent = await mailer.send(message);
    expect(written).toEqual([sent.file]);
    const raw = fs.readFileSync(sent.file as string, 'utf8');
    expect(raw).toMatch(/^From: Meshport <no-reply@meshport\.test>$/m);
    expect(raw).toMatch(/^Subject: Acme & Sons: reset your password$/m);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(raw).toContain('Vera &lt;b&gt;Viewer&lt;/b&gt;');
    fs.rmSync(folder, { recursive: true, force: true });
  });
});
