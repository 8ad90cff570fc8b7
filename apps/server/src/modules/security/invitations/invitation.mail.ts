import { mailLayout } from '#core/mail/mail-layout.ts';
import type { MailMessage } from '#core/mail/mailer.ts';

/** An existing account asked to join a company: it joins only by accepting, signed in, through the link. */
export function companyInvitationMail(input: {
  to: string;
  name: string;
  tenantName: string;
  url: string;
  days: number;
}): MailMessage {
  const intro = [`Hello ${input.name},`, `${input.tenantName} invites your account to join their company.`];
  const outro = [
    `Sign in with your own account to accept or decline. Nothing changes until you accept. The invitation expires in ${input.days} days.`,
    'If you do not expect this, ignore this message or decline: the company learns nothing about your account.',
  ];
  return {
    to: input.to,
    subject: `${input.tenantName} invites you to join`,
    text: `${intro.join('\n\n')}\n\nOpen this link to see the invitation:\n${input.url}\n\n${outro.join('\n\n')}\n\n-- \nMeshport\n`,
    html: mailLayout('Meshport', [...intro, ...outro], { label: 'See the invitation', url: input.url }),
  };
}
