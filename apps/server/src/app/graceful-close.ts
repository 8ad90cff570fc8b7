import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface GracefulCloseOptions {
  /** How long an idle kept-alive connection stays open after the server stops listening. */
  idleGraceMs: number;
  /** After this, HTTP connections still open are cut and the close goes on. */
  timeoutMs: number;
  /** After this, the close is given up on (a hook that hangs, a WebSocket that stays open). */
  giveUpMs: number;
}

/** `drained`: every connection ended by itself; `cut`: some were cut at `timeoutMs`; `given-up`: see `giveUpMs`. */
export type CloseOutcome = 'drained' | 'cut' | 'given-up';

const DEFAULTS: GracefulCloseOptions = { idleGraceMs: 2_000, timeoutMs: 10_000, giveUpMs: 12_000 };

/**
 * Call before `listen`. The returned function drains and closes the app so that no request sent
 * on an open connection fails: the server stops listening; every request in flight or still
 * arriving is answered normally, with `Connection: close`, so its connection ends after the
 * answer; idle connections stay open for `idleGraceMs`, because a client may be sending on one
 * just as it is closed, and the reset would fail that request; then the ones still idle are
 * closed. Requires `return503OnClosing: false`.
 */
export function gracefulClose(
  app: FastifyInstance,
  options: Partial<GracefulCloseOptions> = {},
): () => Promise<CloseOutcome> {
  const { idleGraceMs, timeoutMs, giveUpMs } = { ...DEFAULTS, ...options };
  const server = app.server;
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  const forget = function (this: ServerResponse) {
    inFlight.delete(this);
  };
  // First listener, before Fastify's and Socket.IO's, and before anything is written.
  server.prependListener('request', (_request, response: ServerResponse) => {
    if (draining) {
      response.shouldKeepAlive = false;
      return;
    }
    inFlight.add(response);
    response.once('close', forget);
  });

  return async () => {
    draining = true;
    for (const response of inFlight) if (!response.headersSent) response.shouldKeepAlive = false;
    inFlight.clear();
    const timers: NodeJS.Timeout[] = [];
    let outcome: CloseOutcome = 'drained';
    // Since Node 19, server.close() (which app.close() calls) also destroys the idle connections
    // at once; put that off for the grace period.
    const closeIdleNow = server.closeIdleConnections.bind(server);
    server.closeIdleConnections = () => {
      timers.push(setTimeout(closeIdleNow, idleGraceMs));
    };
    timers.push(
      setTimeout(() => {
        outcome = 'cut';
        server.closeAllConnections();
      }, timeoutMs),
    );
    const givenUp = new Promise<void>((resolve) =>
      timers.push(
        setTimeout(() => {
          outcome = 'given-up';
          resolve();
        }, giveUpMs),
      ),
    );
    try {
      await Promise.race([app.close(), givenUp]);
    } finally {
      for (const timer of timers) clearTimeout(timer);
      server.closeIdleConnections = closeIdleNow;
    }
    return outcome;
  };
}
