import { randomBytes } from 'node:crypto';
import {
  EMAIL_NOW_TAKEN,
  EMAIL_TOKEN_INVALID,
  EMAIL_VERIFICATION_HOURS,
  type PlatformKey,
  VERIFY_EMAIL_PATH,
} from '@meshport/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import { accounts } from '#core/auth/account.table.ts';
import { hashToken } from '#core/auth/session.service.ts';
import type { Database } from '#core/db/database.ts';
import { ValidationError } from '#core/http/http-error.ts';
import type { Mailer, MailMessage } from '#core/mail/mailer.ts';
import { type PublicAddress, publicLink } from '#core/mail/public-links.ts';
import { companies } from '#core/tenancy/company.table.ts';
import { isUniqueViolation } from '#modules/tools/shared/named-record.writer.ts';
import { emailChangedMail, emailVerificationMail } from './email-change.mail.ts';
import { emailChanges } from './email-change.table.ts';

type Logger = { warn(details: object, message: string): void };

/** Where the change was asked: the mails speak in this company's name and link to its host. */
export interface EmailChangePlace {
  company: { id: number; name: string; subDomain: string };
  platform: PlatformKey | null;
}

/**
 * A new e-mail address counts once verified: asking stores it beside the account and mails it a
 * link (256 random bits, only their SHA-256 kept, valid EMAIL_VERIFICATION_HOURS); following the
 * link makes it the account's address and tells the old one. Until then sign-in and password
 * resets use the old address.
 */
export class EmailChangeService {
  constructor(
    private readonly database: Database,
    private readonly mailer: Mailer,
    private readonly address: PublicAddress,
    private readonly log: Logger,
  ) {}

  /** Replaces any earlier request of the account and mails the link to `email`. */
  async request(account: { id: number; name: string }, email: string, place: EmailChangePlace): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const row = {
      email,
      tokenHash: hashToken(token),
      askedInCompanyId: place.company.id,
      expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_HOURS * 3_600_000),
      createdAt: new Date(),
    };
    await this.database.system
      .insert(emailChanges)
      .values({ accountId: account.id, ...row })
      .onConflictDoUpdate({ target: emailChanges.accountId, set: row });
    const url = publicLink(
      this.address,
      { subDomain: place.company.subDomain, platform: place.platform },
      VERIFY_EMAIL_PATH,
      { token },
    );
    await this.send(
      emailVerificationMail({
        to: email,
        name: account.name,
        tenantName: place.company.name,
        url,
        hours: EMAIL_VERIFICATION_HOURS,
      }),
      account.id,
    );
  }

  /** The address waiting for its link to be followed, or null. */
  async pending(accountId: number): Promise<string | null> {
    const [row] = await this.database.system
      .select({ email: emailChanges.email })
      .from(emailChanges)
      .where(and(eq(emailChanges.accountId, accountId), gt(emailChanges.expiresAt, sql`now()`)));
    return row?.email ?? null;
  }

  /** Makes the link's address the account's (verified now) and tells the old address; 422 on `token` otherwise. */
  async verify(token: string | undefined): Promise<void> {
    if (!token) throw new ValidationError({ token: [EMAIL_TOKEN_INVALID] });
    const tokenHash = hashToken(token);
    let changed: { accountId: number; name: string; oldEmail: string; newEmail: string; tenantName: string | null };
    try {
      const found = await this.database.system.transaction(async (tx) => {
        // Deleting the row is what spends the link: of two racing requests only one gets it.
        const [spent] = await tx
          .delete(emailChanges)
          .where(and(eq(emailChanges.tokenHash, tokenHash), gt(emailChanges.expiresAt, sql`now()`)))
          .returning({
            accountId: emailChanges.accountId,
            email: emailChanges.email,
            companyId: emailChanges.askedInCompanyId,
          });
        if (!spent) return null;
        const [before] = await tx
          .select({ name: accounts.name, email: accounts.email })
          .from(accounts)
          .where(eq(accounts.id, spent.accountId))
          .for('update');
        if (!before) return null;
        await tx
          .update(accounts)
          .set({ email: spent.email, emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(accounts.id, spent.accountId));
        const [company] = spent.companyId
          ? await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, spent.companyId))
          : [];
        return {
          accountId: spent.accountId,
          name: before.name,
          oldEmail: before.email,
          newEmail: spent.email,
          tenantName: company?.name ?? null,
        };
      });
      if (!found) throw new ValidationError({ token: [EMAIL_TOKEN_INVALID] });
      changed = found;
    } catch (error) {
      if (isUniqueViolation(error)) throw new ValidationError({ token: [EMAIL_NOW_TAKEN] });
      throw error;
    }
    if (changed.oldEmail.toLowerCase() === changed.newEmail.toLowerCase()) return;
    await this.send(
      emailChangedMail({
        to: changed.oldEmail,
        name: changed.name,
        tenantName: changed.tenantName,
        newEmail: changed.newEmail,
      }),
      changed.accountId,
    );
  }

  private async send(message: MailMessage, accountId: number): Promise<void> {
    try {
      await this.mailer.send(message);
    } catch (error) {
      this.log.warn({ err: error, accountId }, 'e-mail change mail not sent');
    }
  }
}
