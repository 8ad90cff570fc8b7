import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, MailMessage, SentMail } from './mailer.ts';

/** SMTP_URL such as smtp://user:pass@mail.example:587 or smtps://…:465. */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<SentMail> {
    const info = await this.transport.sendMail({ from: this.from, ...message });
    return { messageId: String(info.messageId) };
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
