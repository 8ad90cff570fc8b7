import { createHash, randomBytes } from 'node:crypto';
import { AUTODESK_ERROR_PARAM, type AutodeskError } from '@meshport/contract';
import { and, eq, sql } from 'drizzle-orm';
import { hashToken } from '#core/auth/session.service.ts';
import type { AutodeskSettings } from '#core/config/config.ts';
import type { Database } from '#core/db/database.ts';
import { runWriting } from '#core/db/read-only-scope.ts';
import { HttpError, ValidationError } from '#core/http/http-error.ts';
import { autodeskGrants, autodeskOauthStates } from './autodesk.table.ts';
import { AutodeskProvider, ProviderError, type ProviderTokens } from './autodesk-provider.ts';
import { TokenCipher } from './token-cipher.ts';

/** How long a started connection may take to come back. */
export const STATE_MINUTES = 10;
/** Connections one session may have in progress at once (older ones are dropped). */
const STATES_PER_SESSION = 5;
/** An access token this close to expiry is refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;

export const NOT_CONFIGURED = 'The Autodesk integration is not configured on this server.';
export const TURNED_OFF = 'The Autodesk integration is turned off for this company.';
export const MEMBERS_ONLY = 'Only members of this company can connect an Autodesk account.';
export const REDIRECT_NOT_OURS = 'The redirect url must be a page of this site.';
export const UNKNOWN_STATE =
  'This Autodesk sign-in is unknown, expired or already used. Start again from your account settings.';
export const DISCONNECTED = 'Your Autodesk account is disconnected.';

type Logger = { warn(details: object, message: string): void; info(details: object, message: string): void };

export interface Member {
  companyId: number;
  accountId: number;
}

/** Where the callback sends the browser: the page the connection started from, with a reason when it failed. */
export type CallbackOutcome = { location: string } | { unknownState: true };

const base64url = (bytes: Buffer) => bytes.toString('base64url');
const sealContext = (member: Member, column: string) => `autodesk:${member.companyId}:${member.accountId}:${column}`;

/**
 * The Autodesk grant of a member (docs/decisions/0026): the authorisation-code flow with PKCE,
 * tokens sealed with AES-256-GCM at rest, refresh when needed, revocation on disconnect.
 */
export class AutodeskService {
  private readonly provider: AutodeskProvider;
  private readonly cipher: TokenCipher | null;
  /** Refreshes in progress in this process, so that parallel users of one grant share one. */
  private readonly refreshing = new Map<string, Promise<string | null>>();

  constructor(
    private readonly database: Database,
    private readonly settings: AutodeskSettings,
    private readonly log: Logger,
  ) {
    this.provider = new AutodeskProvider(settings);
    this.cipher = settings.tokenKey ? new TokenCipher(settings.tokenKey) : null;
  }

  /**
   * Keeps a new state and PKCE verifier for the session and answers the provider's address.
   * `origin` is the request's own `scheme://host[:port]`; `redirectUrl` must be a page of it.
   */
  async startLogin(input: Member & { sessionId: number; origin: string; redirectUrl: string }): Promise<string> {
    const cipher = this.requireCipher();
    const returnUrl = ownPage(input.redirectUrl, input.origin);
    if (!returnUrl) throw new ValidationError({ redirect_url: [REDIRECT_NOT_OURS] });

    const state = base64url(randomBytes(32));
    const codeVerifier = base64url(randomBytes(32));
    const codeChallenge = base64url(createHash('sha256').update(codeVerifier).digest());
    const callbackUrl = this.settings.callbackUrl ?? `${input.origin}/v2/autodesk/oauth/callback`;
    await this.database.tenant({ companyId: input.companyId, accountId: input.accountId }, async (tx) => {
      await tx.delete(autodeskOauthStates).where(
        sql`${autodeskOauthStates.expiresAt} <= now() or (${autodeskOauthStates.sessionId} = ${input.sessionId} and ${autodeskOauthStates.stateHash} not in (
            select s.state_hash from ${autodeskOauthStates} s where s.session_id = ${input.sessionId}
            order by s.created_at desc limit ${STATES_PER_SESSION - 1}))`,
      );
      await tx.insert(autodeskOauthStates).values({
        companyId: input.companyId,
        accountId: input.accountId,
        sessionId: input.sessionId,
        stateHash: hashToken(state),
        codeVerifier: cipher.encrypt(codeVerifier, `autodesk-state:${hashToken(state)}`),
        callbackUrl,
        returnUrl,
        expiresAt: new Date(Date.now() + STATE_MINUTES * 60_000),
      });
    });
    return this.provider.authorizeUrl({ state, codeChallenge, callbackUrl });
  }

  /**
   * The provider's redirect back. The state is spent whatever happens next; the grant is stored
   * only for the session that started the connection.
   */
  async finishLogin(input: {
    query: { state?: string; code?: string; error?: string };
    sessionId: number | null;
  }): Promise<CallbackOutcome> {
    const cipher = this.requireCipher();
    if (!input.query.state) return { unknownState: true };
    const stateHash = hashToken(input.query.state);
    // The state names the company: found on the system path, then every write in that company's scope.
    const [pending] = await this.database.system
      .delete(autodeskOauthStates)
      .where(eq(autodeskOauthStates.stateHash, stateHash))
      .returning();
    if (!pending) return { unknownState: true };
    const back = (reason?: AutodeskError) => ({ location: withReason(pending.returnUrl, reason) });
    if (pending.expiresAt.getTime() <= Date.now()) return back('expired');
    if (input.sessionId !== pending.sessionId) return back('session');
    if (input.query.error) return back(input.query.error === 'access_denied' ? 'denied' : 'provider');
    const codeVerifier = cipher.decrypt(pending.codeVerifier, `autodesk-state:${stateHash}`);
    if (!input.query.code || !codeVerifier) return back('provider');

    const member = { companyId: pending.companyId, accountId: pending.accountId };
    let tokens: ProviderTokens;
    try {
      tokens = await this.provider.exchangeCode({
        code: input.query.code,
        codeVerifier,
        callbackUrl: pending.callbackUrl,
      });
    } catch (error) {
      this.log.warn({ err: error, ...member }, 'autodesk: the code exchange failed');
      return back('provider');
    }
    try {
      await this.store(member, tokens, tokens.scope ?? this.settings.scopes.join(' '));
    } catch (error) {
      // the membership ended while the person was at the provider
      this.log.warn({ err: error, ...member }, 'autodesk: the grant was not stored');
      return back('session');
    }
    this.log.info(member, 'autodesk: account connected');
    return back();
  }

  /**
   * A valid access token of the member, refreshed with the refresh token when it has (nearly)
   * expired; null when there is no grant or the provider no longer accepts it (then forgotten).
   */
  accessToken(member: Member): Promise<string | null> {
    const key = `${member.companyId}:${member.accountId}`;
    const running = this.refreshing.get(key);
    if (running) return running;
    const work = this.freshAccessToken(member).finally(() => this.refreshing.delete(key));
    this.refreshing.set(key, work);
    return work;
  }

  /** Forgets the grant and revokes its tokens at the provider (best effort: the grant is gone either way). */
  async disconnect(member: Member): Promise<void> {
    const cipher = this.cipher;
    const [grant] = await this.database.tenant(member, async (tx) => {
      await tx
        .delete(autodeskOauthStates)
        .where(
          and(eq(autodeskOauthStates.companyId, member.companyId), eq(autodeskOauthStates.accountId, member.accountId)),
        );
      return tx.delete(autodeskGrants).where(this.grantOf(member)).returning();
    });
    if (!grant || !cipher) return;
    const refreshToken = grant.refreshToken ? cipher.decrypt(grant.refreshToken, sealContext(member, 'refresh')) : null;
    const accessToken = cipher.decrypt(grant.accessToken, sealContext(member, 'access'));
    for (const [token, hint] of [
      [refreshToken, 'refresh_token'],
      [accessToken, 'access_token'],
    ] as const) {
      if (!token) continue;
      const revoked = await this.provider.revoke(token, hint).catch(() => false);
      if (!revoked) this.log.warn({ ...member, hint }, 'autodesk: the provider did not confirm the revocation');
    }
    this.log.info(member, 'autodesk: account disconnected');
  }

  private async freshAccessToken(member: Member): Promise<string | null> {
    const cipher = this.cipher;
    if (!cipher) return null;
    const grant = await this.readGrant(member);
    if (!grant) return null;
    const accessToken = cipher.decrypt(grant.accessToken, sealContext(member, 'access'));
    if (accessToken && grant.expiresAt.getTime() - REFRESH_MARGIN_MS > Date.now()) return accessToken;
    const refreshToken = grant.refreshToken ? cipher.decrypt(grant.refreshToken, sealContext(member, 'refresh')) : null;
    if (!refreshToken) return this.forget(member, grant.refreshToken, 'no usable refresh token');
    try {
      const tokens = await this.provider.refresh(refreshToken);
      // A provider that rotates refresh tokens sends a new one; one that does not keeps the old one valid.
      await this.store(
        member,
        { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken },
        tokens.scope ?? grant.scope,
      );
      return tokens.accessToken;
    } catch (error) {
      if (!(error instanceof ProviderError) || !error.grantRejected)
        throw new HttpError(502, 'Autodesk could not be reached. Try again later.');
      // Another process may have used the (rotating) refresh token first: its result stands.
      const now = await this.readGrant(member);
      if (now && now.refreshToken !== grant.refreshToken) {
        return cipher.decrypt(now.accessToken, sealContext(member, 'access'));
      }
      return this.forget(member, grant.refreshToken, 'the provider refused the refresh token');
    }
  }

  private async forget(member: Member, refreshToken: string | null, why: string): Promise<null> {
    await runWriting(() =>
      this.database.tenant(member, (tx) =>
        tx
          .delete(autodeskGrants)
          .where(
            and(
              this.grantOf(member),
              refreshToken === null
                ? sql`${autodeskGrants.refreshToken} is null`
                : eq(autodeskGrants.refreshToken, refreshToken),
            ),
          ),
      ),
    );
    this.log.info({ ...member, why }, 'autodesk: grant forgotten');
    return null;
  }

  private async readGrant(member: Member) {
    const [grant] = await this.database.tenant(member, (tx) =>
      tx.select().from(autodeskGrants).where(this.grantOf(member)),
    );
    return grant ?? null;
  }

  private async store(member: Member, tokens: ProviderTokens, scope: string): Promise<void> {
    const cipher = this.requireCipher();
    const values = {
      accessToken: cipher.encrypt(tokens.accessToken, sealContext(member, 'access')),
      refreshToken: tokens.refreshToken ? cipher.encrypt(tokens.refreshToken, sealContext(member, 'refresh')) : null,
      scope,
      expiresAt: tokens.expiresAt,
      updatedAt: new Date(),
    };
    await runWriting(() =>
      this.database.tenant(member, (tx) =>
        tx
          .insert(autodeskGrants)
          .values({ ...member, ...values })
          .onConflictDoUpdate({ target: [autodeskGrants.companyId, autodeskGrants.accountId], set: values }),
      ),
    );
  }

  private grantOf(member: Member) {
    return and(eq(autodeskGrants.companyId, member.companyId), eq(autodeskGrants.accountId, member.accountId));
  }

  private requireCipher(): TokenCipher {
    if (!this.settings.clientId || !this.cipher) throw new HttpError(409, NOT_CONFIGURED);
    return this.cipher;
  }
}

/**
 * `value` as an absolute address when it is a page of `origin` (a path, or an address on the
 * same scheme, host and port); null otherwise: the callback must never send anyone elsewhere.
 */
export function ownPage(value: string, origin: string): string | null {
  // control characters and backslashes are never part of an address we hand out
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char === '\u007f' || char === '\\')) return null;
  if (!value.startsWith('/') && !value.startsWith(`${origin}/`) && value !== origin) return null;
  if (value.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.username || url.password) return null;
  url.searchParams.delete(AUTODESK_ERROR_PARAM);
  return url.href;
}

function withReason(returnUrl: string, reason: AutodeskError | undefined): string {
  if (!reason) return returnUrl;
  const url = new URL(returnUrl);
  url.searchParams.set(AUTODESK_ERROR_PARAM, reason);
  return url.href;
}
