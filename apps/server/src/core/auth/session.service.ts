import { createHash, randomBytes } from 'node:crypto';
import { REMEMBER_DAYS } from '@meshport/contract';
import { type ChangeFeed, changeTouches } from '#core/db/change-feed.ts';
import type { Actor } from '#core/http/request-context.ts';
import type { SessionLookup, SessionRepository } from './session.repository.ts';

const TOUCH_EVERY_MS = 30_000;
const LOOKUP_TTL_MS = 60_000;
const MAX_LOOKUPS = 10_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface IssuedSession {
  token: string;
  sessionId: number;
  expiresAt: Date | null;
}

/**
 * Opaque tokens of 256 random bits; only their hash is stored. Remember-me sessions last
 * 365 days; others end after the idle timeout, which the server enforces on every request.
 */
/** What a session lookup reads (`SessionRepository.lookup`): a change elsewhere leaves kept lookups alone. */
export const SESSION_LOOKUP_TABLES: ReadonlySet<string> = new Set([
  'sessions',
  'accounts',
  'memberships',
  'roles',
  'role_abilities',
  'membership_licences',
  'companies',
  'company_licences',
]);

export class SessionService {
  private readonly touchedAt = new Map<number, number>();
  /**
   * Lookups by token and company, kept while the change feed is live: any change to a
   * session, an account or a company's memberships and roles empties it (docs/decisions/0012).
   */
  private readonly lookups = new Map<string, { found: SessionLookup; at: number }>();
  private lookupGeneration = 0;

  constructor(
    private readonly repository: SessionRepository,
    private readonly idleMinutes: number,
    private readonly changes: ChangeFeed | null = null,
  ) {
    changes?.subscribe((change) => {
      // A pipeline writing events many times a second must not make every request look its session up again.
      if (!changeTouches(change, SESSION_LOOKUP_TABLES) && change.kind !== 'sessions') return;
      this.lookupGeneration++;
      this.lookups.clear();
    });
  }

  get idleTimeoutMinutes(): number {
    return this.idleMinutes;
  }

  async issue(
    accountId: number,
    remember: boolean,
    meta: { userAgent: string | null; ipAddress: string | null },
  ): Promise<IssuedSession> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = remember ? new Date(Date.now() + REMEMBER_DAYS * 86_400_000) : null;
    const sessionId = await this.repository.create({
      accountId,
      tokenHash: hashToken(token),
      remember,
      expiresAt,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      ipAddress: meta.ipAddress,
    });
    return { token, sessionId, expiresAt };
  }

  /** The actor a token stands for in a company, or null when the token is unknown, revoked or expired. */
  async authenticate(token: string, companyId: number | null, via: Actor['via']): Promise<Actor | null> {
    return (await this.validate(token, companyId, via, true))?.actor ?? null;
  }

  /**
   * `authenticate`, and when the session ends unless used again (ms since the epoch; null:
   * never). Without `touch` the check is not a use: a live socket re-checking its session
   * does not keep it from going idle.
   */
  async validate(
    token: string,
    companyId: number | null,
    via: Actor['via'],
    touch = false,
  ): Promise<{ actor: Actor; endsAt: number | null } | null> {
    if (token.length < 20 || token.length > 100) return null;
    const tokenHash = hashToken(token);
    const key = `${tokenHash}\u0000${companyId}`;
    const now = Date.now();
    // A kept lookup's last_seen_at predates this process's touches since (and may predate
    // another process's): only a fresh lookup may end a session.
    const kept = this.cachedLookup(key, now);
    const keptSeen = kept ? Math.max(kept.lastSeenAt.getTime(), this.touchedAt.get(kept.sessionId) ?? 0) : 0;
    const usable = kept && !this.idle(kept, keptSeen, now) ? kept : null;
    const found = usable ?? (await this.freshLookup(key, tokenHash, companyId));
    if (!found) return null;
    const lastSeen = usable ? keptSeen : found.lastSeenAt.getTime();
    if (found.remember) {
      if (found.expiresAt && found.expiresAt.getTime() <= now) return null;
    } else if (this.idle(found, lastSeen, now)) {
      await this.revoke(found.sessionId);
      return null;
    }
    if (touch && now - lastSeen > TOUCH_EVERY_MS) await this.touch(found.sessionId, now);
    const seen = Math.max(lastSeen, this.touchedAt.get(found.sessionId) ?? 0);
    const endsAt = found.remember ? (found.expiresAt?.getTime() ?? null) : seen + this.idleMinutes * 60_000;
    const actor: Actor = {
      accountId: found.accountId,
      sessionId: found.sessionId,
      name: found.name,
      username: found.username,
      email: found.email,
      profileImagePath: found.profileImagePath,
      admin: found.admin,
      remember: found.remember,
      expiresAt: found.expiresAt,
      via,
      bearerToken: via === 'bearer' ? token : null,
      membership: found.member ? { abilities: found.abilities, licences: found.licences } : null,
    };
    return { actor, endsAt };
  }

  private cachedLookup(key: string, now: number): SessionLookup | null {
    const kept = this.changes?.live ? this.lookups.get(key) : undefined;
    if (!kept || now - kept.at > LOOKUP_TTL_MS) return null;
    return kept.found;
  }

  private async freshLookup(key: string, tokenHash: string, companyId: number | null): Promise<SessionLookup | null> {
    const generation = this.lookupGeneration;
    const found = await this.repository.findByTokenHash(tokenHash, companyId);
    if (found && this.changes?.live && generation === this.lookupGeneration) {
      if (this.lookups.size >= MAX_LOOKUPS) this.lookups.delete(this.lookups.keys().next().value as string);
      this.lookups.set(key, { found, at: Date.now() });
    }
    return found;
  }

  private idle(found: SessionLookup, lastSeen: number, now: number): boolean {
    return !found.remember && now - lastSeen > this.idleMinutes * 60_000;
  }

  /**
   * One write per session and interval from this process: concurrent requests of one session
   * all see the same stale last_seen_at, and their UPDATEs of one row would queue on its lock,
   * each holding a pooled connection meanwhile.
   */
  private async touch(sessionId: number, now: number): Promise<void> {
    const last = this.touchedAt.get(sessionId);
    if (last !== undefined && now - last < TOUCH_EVERY_MS) return;
    if (this.touchedAt.size >= 10_000) {
      for (const [id, at] of this.touchedAt) if (now - at >= TOUCH_EVERY_MS) this.touchedAt.delete(id);
    }
    this.touchedAt.set(sessionId, now);
    await this.repository.touch(sessionId);
  }

  /** Ended here at once; other processes learn it from the change feed. */
  async revoke(sessionId: number): Promise<void> {
    const accountId = await this.repository.revoke(sessionId);
    this.changes?.publish(accountId == null ? { kind: 'sessions' } : { kind: 'sessions', accountId });
  }

  async revokeAll(accountId: number): Promise<number> {
    const count = await this.repository.revokeAllOf(accountId);
    this.changes?.publish({ kind: 'sessions', accountId });
    return count;
  }
}
