import { mailLayout } from '#core/mail/mail-layout.ts';
import type { MailMessage } from '#core/mail/mailer.ts';

export function notificationMail(input: { to: string; name: string; tenantName: string; title: string; text: string }) {
  const paragraphs = [`Hello ${input.name},`, input.text, `You can see your notifications in ${input.tenantName}.`];
  return {
    to: input.to,
    subject: `${input.tenantName}: ${input.title}`,
    text: `${paragraphs.join('\n\n')}\n\nYou receive this e-mail because of your notification settings in My Account.\n\n-- \n${input.tenantName}\n`,
    html: mailLayout(input.tenantName, [
      ...paragraphs,
      'You receive this e-mail because of your notification settings in My Account.',
    ]),
  } satisfies MailMessage;
}
