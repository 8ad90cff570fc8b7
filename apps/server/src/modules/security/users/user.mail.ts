import { mailLayout } from '#core/mail/mail-layout.ts';
import type { MailMessage } from '#core/mail/mailer.ts';

/**
 * A company changed a member's e-mail address: both addresses are told. The new address is not
 * confirmed until its owner follows a mailed link (a password reset or an invitation's link).
 */
export function memberEmailChangedMail(input: {
  to: string;
  name: string;
  tenantName: string;
  oldEmail: string;
  newEmail: string;
  toNew: boolean;
}): MailMessage {
  const paragraphs = [
    `Hello ${input.name},`,
    `${input.tenantName} changed the e-mail address of your account from ${input.oldEmail} to ${input.newEmail}.`,
    input.toNew
      ? 'This address is not confirmed yet. If this is not your account, ignore this message.'
      : `Mails for your account now go to ${input.newEmail}. If you did not expect this, contact ${input.tenantName}.`,
  ];
  return {
    to: input.to,
    subject: `${input.tenantName}: the e-mail address of your account changed`,
    text: `${paragraphs.join('\n\n')}\n\n-- \n${input.tenantName}\n`,
    html: mailLayout(input.tenantName, paragraphs),
  };
}
