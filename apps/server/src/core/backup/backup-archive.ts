/**
 * What a Meshport backup archive holds (docs/decisions/0055), and the rules a restore holds an
 * archive to. One tar (gzipped when its name ends in .gz or .tgz):
 *
 *   manifest.json    first: format and version, when, which server, what it holds
 *   pglite/…         the embedded database's data folder, as PGlite's own dump has it
 *   storage/…        the stored files (the folder under DATA_DIR)
 *   checksums.json   last: the SHA-256 of every file above; a restore checks each one
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SERVER_ROOT } from '#core/config/server-paths.ts';

export const BACKUP_FORMAT = 'meshport-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const CHECKSUMS_ENTRY = 'checksums.json';
export const AREAS = ['pglite', 'storage'] as const;
export type Area = (typeof AREAS)[number];
export const MAX_MANIFEST_BYTES = 1024 * 1024;
export const MAX_CHECKSUMS_BYTES = 256 * 1024 * 1024;
const MAX_PATH_BYTES = 4096;

/** A backup that cannot be made or restored, with the reason in words for the operator. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const count = z.number().int().min(0);

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().min(1),
  createdAt: z.iso.datetime(),
  serverVersion: z.string().max(100),
  /** `online`: made by the running server; `offline`: by the command, with no server running. */
  mode: z.enum(['online', 'offline']),
  database: z.object({
    kind: z.literal('pglite'),
    /** The major version of the PostgreSQL inside PGlite that wrote it (its `PG_VERSION`). */
    postgresVersion: z.string().max(20),
    files: count,
    bytes: count,
  }),
  storage: z.object({ files: count, bytes: count }),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export const checksumsSchema = z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/));

/** The manifest of an archive, checked: another format, or a newer version of this one, is refused. */
export function parseManifest(text: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError('The archive is not a Meshport backup: its manifest is not JSON.');
  }
  const format = (json as { format?: unknown } | null)?.format;
  const version = (json as { version?: unknown } | null)?.version;
  if (format !== BACKUP_FORMAT) throw new BackupError('The archive is not a Meshport backup (no Meshport manifest).');
  if (typeof version === 'number' && version > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `The backup was made by a newer Meshport (format ${version}); this one reads format ${BACKUP_FORMAT_VERSION}. Restore it with that version or a newer one.`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new BackupError(`The backup's manifest is damaged: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/**
 * Where an archive entry goes: its area and its path inside it. The archive is untrusted: a name
 * that is absolute, climbs out (`..`), has empty or `.` segments, backslashes, NUL or a drive
 * letter, or lies outside `pglite/` and `storage/`, is refused.
 */
export function entryPlace(name: string): { area: Area; relative: string } {
  const refuse = (why: string): never => {
    throw new BackupError(`The archive holds an unsafe path (${why}): ${JSON.stringify(name.slice(0, 200))}`);
  };
  if (name === '' || Buffer.byteLength(name) > MAX_PATH_BYTES) refuse('empty or too long');
  if (name.includes('\0')) refuse('NUL character');
  if (name.includes('\\')) refuse('backslash');
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) refuse('absolute path');
  const segments = name.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    refuse('empty, . or .. segment');
  }
  const [area, ...rest] = segments;
  if (!AREAS.includes(area as Area) || rest.length === 0) refuse('outside pglite/ and storage/');
  return { area: area as Area, relative: rest.join('/') };
}

/** This server's version (the `version` of apps/server/package.json), from the sources or the build. */
export function serverVersion(): string {
  try {
    const json = JSON.parse(fs.readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof json.version === 'string' ? json.version : 'unknown';
  } catch {
    return 'unknown';
  }
}
