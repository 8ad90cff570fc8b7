import { createHash, randomBytes } from 'node:crypto';
import { REMEMBER_DAYS } from '@meshport/contract';
import type { Actor } from '../http/request-context.ts';
import type { SessionRepository } from './session.repository.ts';

const TOUCH_EVERY_MS = 30_000;

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
export class SessionService {
  private readonly touchedAt = new Map<number, number>();

  constructor(
    private readonly repository: SessionRepository,
    private readonly idleMinutes: number,
  ) {}

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
    if (token.length < 20 || token.length > 100) return null;
    const found = await this.repository.findByTokenHash(hashToken(token), companyId);
    if (!found) return null;
    const now = Date.now();
    if (found.remember) {
      if (found.expiresAt && found.expiresAt.getTime() <= now) return null;
    } else if (now - found.lastSeenAt.getTime() > this.idleMinutes * 60_000) {
      await this.repository.revoke(found.sessionId);
      return null;
    }
    if (now - found.lastSeenAt.getTime() > TOUCH_EVERY_MS) await this.touch(found.sessionId, now);
    return {
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

  revoke(sessionId: number): Promise<void> {
    return this.repository.revoke(sessionId);
  }

  revokeAll(accountId: number): Promise<number> {
    return this.repository.revokeAllOf(accountId);
  }
}
