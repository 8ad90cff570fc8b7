/** One e-mail: plain text and a simple HTML alternative. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SentMail {
  messageId: string;
  /** Where the file mailer wrote the message; undefined for SMTP. */
  file?: string;
}

/** Sends e-mail: over SMTP when SMTP_URL is set, otherwise into .eml files (see createMailer). */
export interface Mailer {
  readonly kind: 'smtp' | 'file';
  send(message: MailMessage): Promise<SentMail>;
  close(): Promise<void>;
}
