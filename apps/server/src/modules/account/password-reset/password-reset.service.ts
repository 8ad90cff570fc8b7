import { randomBytes } from 'node:crypto';
import { PASSWORD_RESET_TOKEN_MINUTES, RESET_PASSWORD_PATH, resetPasswordRequestSchema } from '@meshport/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import { accounts, memberships } from '#core/auth/account.table.ts';
import type { LoginRateLimiter } from '#core/auth/login-rate-limiter.ts';
import { hashPassword } from '#core/auth/password.ts';
import type { SessionService } from '#core/auth/session.service.ts';
import { hashToken } from '#core/auth/session.service.ts';
import type { Database } from '#core/db/database.ts';
import { zodIssuesToErrors } from '#core/http/error-handler.ts';
import { ValidationError } from '#core/http/http-error.ts';
import type { Mailer } from '#core/mail/mailer.ts';
import { type LinkPlace, type PublicAddress, publicLink } from '#core/mail/public-links.ts';
import type { CompanyRow } from '#core/tenancy/company.table.ts';
import { invitationMail, passwordResetMail } from './password-reset.mail.ts';
import { passwordResetTokens } from './password-reset.table.ts';

export const TOKEN_INVALID = 'This password reset link is invalid or has already been used. Ask for a new one.';
export const TOKEN_EXPIRED = 'This password reset link has expired. Ask for a new one.';
/** How long the link of an invitation (a new account's first password) works. */
export const INVITATION_TOKEN_DAYS = 7;

type Logger = { info(details: object, message: string): void; warn(details: object, message: string): void };

export interface ResetRequestContext {
  /** The company of the host the request came to; null on the bare base domain. */
  company: CompanyRow | null;
  /** The platform of the host the request came to: the link opens the same platform. */
  platform: LinkPlace['platform'];
  ip: string;
}

/**
 * Forgot / reset password. Links carry 256 random bits; only their SHA-256 is stored. A link
 * works once, for 60 minutes, and a newer request replaces older links. The answer to a
 * request never tells whether the address has an account.
 */
export class PasswordResetService {
  constructor(
    private readonly database: Database,
    private readonly mailer: Mailer,
    private readonly sessions: SessionService,
    private readonly limiter: LoginRateLimiter,
    private readonly log: Logger,
    private readonly address: PublicAddress,
  ) {}

  /** Sends the link when the address has an account (a member of the host's company, if any). */
  async request(email: string, context: ResetRequestContext): Promise<void> {
    // Every request counts, found or not, before anything is looked up: the limit tells neither.
    await this.limiter.count(
      `password-reset:${email.toLowerCase()}`,
      `password-reset-address:${context.ip}`,
      'Too many password reset requests.',
    );

    const [account] = await this.database.system
      .select({ id: accounts.id, name: accounts.name, email: accounts.email, admin: accounts.isAdmin })
      .from(accounts)
      .where(sql`lower(${accounts.email}) = ${email.toLowerCase()}`);
    if (!account) return;
    if (context.company && !account.admin && !(await this.isMember(account.id, context.company.id))) return;

    const token = await this.issueToken(account.id, PASSWORD_RESET_TOKEN_MINUTES * 60_000, context.ip);
    const place = { subDomain: context.company?.subDomain ?? null, platform: context.platform };
    const url = publicLink(this.address, place, RESET_PASSWORD_PATH, { token });
    const message = passwordResetMail({
      to: account.email,
      name: account.name,
      tenantName: context.company?.name ?? null,
      url,
      minutes: PASSWORD_RESET_TOKEN_MINUTES,
    });
    // Sent in the background: how long SMTP takes must not tell whether the account exists.
    this.mailer.send(message).then(
      () => this.log.info({ accountId: account.id }, 'password reset e-mail sent'),
      (error: unknown) => this.log.warn({ err: error, accountId: account.id }, 'password reset e-mail not sent'),
    );
  }

  /** Sets the new password and ends every session of the account; 422 per field otherwise. */
  async reset(input: { token?: string; password?: string; password_confirmation?: string }): Promise<number> {
    const parsed = resetPasswordRequestSchema.safeParse({
      token: input.token ?? '',
      password: input.password ?? '',
      password_confirmation: input.password_confirmation ?? '',
    });
    const errors = parsed.success ? {} : zodIssuesToErrors(parsed.error.issues);
    const tokenHash = hashToken(input.token ?? '');
    if (input.token && !errors.token) {
      const [found] = await this.database.system
        .select({ expiresAt: passwordResetTokens.expiresAt })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, tokenHash));
      if (!found) errors.token = [TOKEN_INVALID];
      else if (found.expiresAt.getTime() <= Date.now()) errors.token = [TOKEN_EXPIRED];
    }
    if (!parsed.success || Object.keys(errors).length) throw new ValidationError(errors);

    const passwordHash = await hashPassword(parsed.data.password);
    const accountId = await this.database.system.transaction(async (tx) => {
      // Deleting the row is what spends the link: of two racing requests only one gets it back.
      const [spent] = await tx
        .delete(passwordResetTokens)
        .where(and(eq(passwordResetTokens.tokenHash, tokenHash), gt(passwordResetTokens.expiresAt, sql`now()`)))
        .returning({ accountId: passwordResetTokens.accountId });
      if (!spent) return null;
      await tx.update(accounts).set({ passwordHash, updatedAt: sql`now()` }).where(eq(accounts.id, spent.accountId));
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.accountId, spent.accountId));
      return spent.accountId;
    });
    if (accountId === null) throw new ValidationError({ token: [TOKEN_INVALID] });
    const revoked = await this.sessions.revokeAll(accountId);
    this.log.info({ accountId, revoked }, 'password reset: new password set, sessions ended');
    return accountId;
  }

  /**
   * Mails a new account the link that sets its first password (the reset form), valid for
   * INVITATION_TOKEN_DAYS. Awaited, unlike `request`: the caller made the account and may say whether
   * the mail went out.
   */
  async invite(input: { accountId: number; tenantName: string; place: LinkPlace; ip?: string }): Promise<void> {
    const [account] = await this.database.system
      .select({ id: accounts.id, name: accounts.name, email: accounts.email })
      .from(accounts)
      .where(eq(accounts.id, input.accountId));
    if (!account) throw new Error(`invite: no account ${input.accountId}`);
    const token = await this.issueToken(account.id, INVITATION_TOKEN_DAYS * 86_400_000, input.ip ?? null);
    const url = publicLink(this.address, input.place, RESET_PASSWORD_PATH, { token });
    await this.mailer.send(
      invitationMail({
        to: account.email,
        name: account.name,
        tenantName: input.tenantName,
        url,
        days: INVITATION_TOKEN_DAYS,
      }),
    );
    this.log.info({ accountId: account.id }, 'invitation e-mail sent');
  }

  /** A new link for the account; older links of the account stop working. Only the hash is stored. */
  private async issueToken(accountId: number, validMs: number, ip: string | null): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.database.system.transaction(async (tx) => {
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.accountId, accountId));
      await tx.insert(passwordResetTokens).values({
        accountId,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + validMs),
        requestedIp: ip,
      });
    });
    return token;
  }

  private async isMember(accountId: number, companyId: number): Promise<boolean> {
    const [row] = await this.database.system
      .select({ accountId: memberships.accountId })
      .from(memberships)
      .where(and(eq(memberships.accountId, accountId), eq(memberships.companyId, companyId)));
    return row !== undefined;
  }
}
