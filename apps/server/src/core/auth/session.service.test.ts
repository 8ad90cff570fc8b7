import { describe, expect, it } from 'vitest';
import type { SessionLookup, SessionRepository } from './session.repository.ts';
import { SessionService } from './session.service.ts';

/** The repository's lookups and writes, kept in memory: this test is about the service's timing. */
function memoryRepository(lastSeenAt: Date) {
  const session: SessionLookup = {
    sessionId: 7,
    accountId: 3,
    remember: false,
    lastSeenAt,
    expiresAt: null,
    name: 'Eddie Editor',
    username: 'editor',
    email: 'editor@meshport.example',
    profileImagePath: null,
    admin: false,
    member: true,
    abilities: [],
    licences: [],
  };
  let touches = 0;
  const repository = {
    findByTokenHash: async () => ({ ...session }),
    touch: async () => {
      touches += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
    },
    revoke: async () => {},
  } as unknown as SessionRepository;
  return { repository, touches: () => touches };
}

describe('session activity', () => {
  it('writes last_seen_at once for many concurrent requests of one session', async () => {
    const memory = memoryRepository(new Date(Date.now() - 5 * 60_000));
    const service = new SessionService(memory.repository, 30);
    const token = 'x'.repeat(43);
    const actors = await Promise.all(Array.from({ length: 50 }, () => service.authenticate(token, 1, 'bearer')));
    expect(actors.every((actor) => actor?.accountId === 3)).toBe(true);
    expect(memory.touches()).toBe(1);
  });

  it('ends a session idle for longer than the timeout without touching it', async () => {
    const memory = memoryRepository(new Date(Date.now() - 31 * 60_000));
    const service = new SessionService(memory.repository, 30);
    expect(await service.authenticate('y'.repeat(43), 1, 'bearer')).toBeNull();
    expect(memory.touches()).toBe(0);
  });
});
