/**
 * How `meshport backup` asks the running server for its snapshot (docs/decisions/0055): over a
 * Unix socket in the data folder, `DATA_DIR/meshport.sock`, readable and writable by its owner
 * only. Whoever may reach it may read the data folder anyway; nobody else can, whatever the
 * network, the proxy or the operator port let through. The handler is a plain node:http one, so
 * that it could be mounted elsewhere too (the operator listener takes such handlers).
 */
import fs from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BackupError, type BackupManifest, manifestSchema } from './backup-archive.ts';
import { type BackupSource, type PreparedBackup, prepareBackup } from './backup-snapshot.ts';

export const CONTROL_SOCKET = 'meshport.sock';
export const BACKUP_PATH = '/backup';
const MANIFEST_HEADER = 'meshport-backup-manifest';
/** A Unix socket's path holds at most 107 bytes on Linux (104 on macOS). */
const MAX_SOCKET_PATH_BYTES = 104;

interface Log {
  info(details: Record<string, unknown>, msg: string): void;
  warn(details: Record<string, unknown>, msg: string): void;
}

export function controlSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), CONTROL_SOCKET);
}

function sendJson(response: ServerResponse, status: number, body: Record<string, unknown>): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

/**
 * `POST /backup`: the archive (plain tar) as the answer's body, its manifest also in a header.
 * One at a time (409 while one runs); a failure before the first byte answers its message, one
 * after it ends the connection (the command then fails: an archive is never left half written).
 */
export function backupHandler(
  source: BackupSource,
  log: Log,
): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  let running = false;
  return async (request, response) => {
    if (request.method !== 'POST') {
      response.setHeader('allow', 'POST');
      return sendJson(response, 405, { message: 'POST to take a backup.' });
    }
    if (running)
      return sendJson(response, 409, { message: 'A backup is being taken already; try again when it is done.' });
    running = true;
    const started = performance.now();
    let prepared: PreparedBackup | null = null;
    try {
      prepared = await prepareBackup(source);
      response.writeHead(200, {
        'content-type': 'application/x-tar',
        'cache-control': 'no-store',
        [MANIFEST_HEADER]: JSON.stringify(prepared.manifest),
      });
      await pipeline(Readable.from(prepared.chunks()), response);
      const { database, storage } = prepared.manifest;
      log.info(
        { database, storage, heldMs: prepared.heldMs, ms: Math.round(performance.now() - started) },
        'backup taken',
      );
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'backup failed');
      if (!response.headersSent) {
        sendJson(response, error instanceof BackupError ? 409 : 500, {
          message: error instanceof BackupError ? error.message : 'The backup failed; see the server log.',
        });
      } else response.destroy();
    } finally {
      await prepared?.cleanup();
      running = false;
    }
  };
}

/**
 * Listens on the data folder's control socket until the returned function is called. Never fails
 * the server's start: without the socket (a path too long for one), `meshport backup` says so.
 */
export async function listenForBackups(
  dataDir: string,
  handler: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
  log: Log,
): Promise<() => Promise<void>> {
  const socketPath = controlSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    log.warn({ socketPath }, 'the data folder path is too long for its backup socket: back up with the server stopped');
    return async () => {};
  }
  const server = http.createServer((request, response) => {
    if ((request.url ?? '').split('?')[0] !== BACKUP_PATH) return sendJson(response, 404, { message: 'Not found.' });
    void handler(request, response);
  });
  try {
    // A socket file left by a server that did not stop cleanly (this process holds the folder's lock now).
    await fs.rm(socketPath, { force: true });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
    await fs.chmod(socketPath, 0o600);
  } catch (error) {
    server.close();
    log.warn({ socketPath, err: (error as Error).message }, 'no backup socket: back up with the server stopped');
    return async () => {};
  }
  server.on('error', (error) => log.warn({ err: error.message }, 'backup socket error'));
  return async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await fs.rm(socketPath, { force: true });
  };
}

/** Asks the server holding the data folder (pid `holder`) for a backup: its manifest, and the archive as a stream. */
export function requestBackup(
  dataDir: string,
  holder: number,
): Promise<{ manifest: BackupManifest; body: IncomingMessage }> {
  const socketPath = controlSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, method: 'POST', path: BACKUP_PATH }, (response) => {
      if (response.statusCode === 200) {
        const header = response.headers[MANIFEST_HEADER];
        let json: unknown = null;
        try {
          json = typeof header === 'string' ? JSON.parse(header) : null;
        } catch {
          // refused below
        }
        const parsed = manifestSchema.safeParse(json);
        if (parsed.success) return resolve({ manifest: parsed.data, body: response });
        response.destroy();
        return reject(new BackupError('The server answered the backup request without a manifest.'));
      }
      const parts: Buffer[] = [];
      response.on('data', (chunk: Buffer) => parts.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        let message = `The server refused the backup (${response.statusCode}).`;
        try {
          const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as { message?: unknown };
          if (typeof body.message === 'string') message = body.message;
        } catch {
          // not JSON: the status says it
        }
        reject(new BackupError(message));
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (['ENOENT', 'ECONNREFUSED', 'EACCES', 'EPERM', 'ENOTSOCK'].includes(error.code ?? '')) {
        reject(
          new BackupError(
            `A Meshport process (pid ${holder}) holds the data folder ${path.resolve(dataDir)}, but takes no backup ` +
              `requests on ${socketPath} (${error.code}): it is not a running server (a migrate, seed or another ` +
              'backup), it runs as another user, or its data folder path is too long for a socket. ' +
              'Run the backup as the server’s user, or when that process has ended.',
          ),
        );
      } else reject(error);
    });
    request.end();
  });
}
