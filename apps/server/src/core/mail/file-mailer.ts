import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, MailMessage, SentMail } from './mailer.ts';

/**
 * Without SMTP (the embedded default) every message becomes an RFC 822 `.eml` file in
 * `folder`, which any mail client opens; `onWrite` reports the path (logged by the caller).
 */
export class FileMailer implements Mailer {
  readonly kind = 'file';
  private readonly transport: Transporter;

  constructor(
    private readonly folder: string,
    private readonly from: string,
    private readonly onWrite: (file: string, message: MailMessage) => void = () => {},
  ) {
    this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(message: MailMessage): Promise<SentMail> {
    const info = await this.transport.sendMail({ from: this.from, ...message });
    await fs.mkdir(this.folder, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const name = `${stamp}-${randomBytes(4).toString('hex')}`;
    const file = path.join(this.folder, `${name}.eml`);
    // Written under a temporary name and renamed, so a reader never sees a half-written message.
    const partial = path.join(this.folder, `.${name}.partial`);
    await fs.writeFile(partial, info.message as Buffer, { mode: 0o600 });
    await fs.rename(partial, file);
    this.onWrite(file, message);
    return { messageId: String(info.messageId), file };
  }

  async close(): Promise<void> {}
}
