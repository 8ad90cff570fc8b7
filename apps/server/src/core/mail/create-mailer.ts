import path from 'node:path';
import type { Config } from '#core/config/config.ts';
import { createLogger } from '#core/operations/log-context.ts';
import { FileMailer } from './file-mailer.ts';
import type { Mailer } from './mailer.ts';
import { SmtpMailer } from './smtp-mailer.ts';

/** SMTP when SMTP_URL is set; otherwise `.eml` files under `${DATA_DIR}/mail/`. */
export function createMailer(config: Config): Mailer {
  if (config.smtpUrl) return new SmtpMailer(config.smtpUrl, config.mailFrom);
  const log = createLogger(config.logLevel);
  return new FileMailer(path.join(config.dataDir, 'mail'), config.mailFrom, (file, message) =>
    log.info({ file, to: message.to, subject: message.subject }, 'e-mail written to file (SMTP_URL is not set)'),
  );
}
