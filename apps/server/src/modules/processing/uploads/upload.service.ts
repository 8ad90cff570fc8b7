import { FILE_INVALID_TYPE } from '@meshport/contract';
import { and, eq, getTableColumns, gte, sql } from 'drizzle-orm';
import { type Database, type Db, queryRows } from '#core/db/database.ts';
import { HttpError, ValidationError } from '#core/http/http-error.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import type { UploadKind } from '#modules/processing/conversion/file-kind.ts';
import { type UploadRow, uploads } from './upload.table.ts';
import { formatBytes } from './upload-size.ts';
import type { UploadStore } from './upload-store.ts';

export interface ClaimedUpload {
  id: string;
  fileName: string;
  kind: UploadKind;
  size: number;
  storageKey: string;
}

export const UPLOAD_NOT_FINISHED = 'The upload was not found or is not finished';

/** The storage-full message (administration.md §5 upload widget), sizes as people read them. */
export function storageFullMessage(used: number, quota: number): string {
  return `Your company's storage is full: ${formatBytes(used)} of ${formatBytes(quota)} used. Delete models or items (and empty the recycle bin) to free space.`;
}

/** A lapsed upload's answer (410): no byte arrived for the idle time. */
export function uploadLapsedMessage(idleSeconds: number): string {
  const idle = idleSeconds >= 60 ? `${Math.round(idleSeconds / 60)} minutes` : `${idleSeconds} seconds`;
  return `The upload lapsed: no byte arrived for ${idle}. Start it again.`;
}

/** The 429 of a creation past the cap on an account's unfinished uploads. */
export function tooManyUnfinishedMessage(max: number): string {
  return `You have ${max} unfinished uploads: finish or cancel one before starting another.`;
}

export interface UploadLimits {
  /** Unfinished uploads expire this long after creation, however steadily their bytes arrive. */
  expireHours: number;
  /**
   * An unfinished upload lapses when no byte arrives for this long: it no longer counts against
   * the quota (what it reserved is free again) and its next write answers 410.
   */
  idleSeconds: number;
  /** Unfinished (not lapsed) uploads an account may have in a company at once. */
  unfinishedMax: number;
  /** A company's quota unless `companies.storage_quota_bytes` sets its own. */
  defaultQuotaBytes: number;
}

export interface NewUpload {
  id: string;
  fileName: string;
  fileType: string | null;
  size: number;
}

/** What a write told about an upload: bytes stored, and the content check's state. */
export interface UploadProgress {
  received: number;
  /** The first bytes while fewer than the check needs arrived; null once checked. */
  head: Buffer | null;
  kind: UploadKind | null;
}

/** Advisory lock class of "a company's upload quota" (the second key is the company id). */
const QUOTA_LOCK = 1_170_011;
/** Expired uploads removed per statement of the expiry job. */
const EXPIRE_BATCH = 100;

/**
 * The uploads table in step with the tus store, the company quota, and the API the processing
 * pipeline uses: `claim` a finished upload for a record, `release` it when the record goes.
 */
export class UploadService {
  constructor(
    private readonly database: Database,
    private readonly storage: FileStorage,
    readonly store: UploadStore,
    private readonly limits: UploadLimits,
    private readonly log?: { warn(details: Record<string, unknown>, msg: string): void },
  ) {}

  /**
   * Bytes the company's uploads take, and its quota: a receiving upload reserves its whole size
   * until it lapses (`expires_at`, moved on as bytes arrive).
   */
  async usage(tx: Db, companyId: number): Promise<{ used: number; quota: number }> {
    const [used] = await queryRows<{ bytes: number }>(
      tx,
      sql`select coalesce(sum(size), 0)::float8 as bytes from uploads
          where company_id = ${companyId} and (state <> 'receiving' or expires_at >= now())`,
    );
    const [own] = await queryRows<{ bytes: number | null }>(
      tx,
      sql`select storage_quota_bytes::float8 as bytes from companies where id = ${companyId}`,
    );
    return { used: Number(used?.bytes ?? 0), quota: own?.bytes ?? this.limits.defaultQuotaBytes };
  }

  /** When an unfinished upload whose last byte arrives now lapses: the idle time on, within the hard expiry. */
  private nextExpiry() {
    return sql`least(now() + ${this.limits.idleSeconds} * interval '1 second', ${uploads.createdAt} + ${this.limits.expireHours} * interval '1 hour')`;
  }

  /**
   * Adds the row of a new upload, unless the account has `unfinishedMax` unfinished uploads
   * (429) or its size would take the company over its quota (413). One creation per company at
   * a time counts them, so parallel creations cannot both pass.
   */
  async begin(owner: { companyId: number; accountId: number }, upload: NewUpload): Promise<UploadRow> {
    return this.database.tenant(owner, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, ${owner.companyId})`);
      const [open] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from uploads where company_id = ${owner.companyId}
            and account_id = ${owner.accountId} and state = 'receiving' and expires_at >= now()`,
      );
      if ((open?.n ?? 0) >= this.limits.unfinishedMax) {
        const message = tooManyUnfinishedMessage(this.limits.unfinishedMax);
        throw new HttpError(429, message, { errors: { file: [message] } });
      }
      const { used, quota } = await this.usage(tx, owner.companyId);
      if (used + upload.size > quota) {
        const message = storageFullMessage(used, quota);
        throw new HttpError(413, message, { errors: { file: [message] } });
      }
      const [row] = await tx
        .insert(uploads)
        .values({
          companyId: owner.companyId,
          id: upload.id,
          accountId: owner.accountId,
          fileName: upload.fileName,
          fileType: upload.fileType,
          size: upload.size,
          storageKey: this.store.storageKeyOf(upload.id),
          expiresAt: new Date(Date.now() + Math.min(this.limits.idleSeconds, this.limits.expireHours * 3600) * 1000),
        })
        .returning();
      if (!row) throw new Error('upload row not inserted');
      return row;
    });
  }

  /** The upload, and whether it lapsed (receiving, and no byte arrived for the idle time). */
  async find(companyId: number, id: string): Promise<(UploadRow & { lapsed: boolean }) | null> {
    const [row] = await this.database.tenant({ companyId }, (tx) =>
      tx
        .select({
          ...getTableColumns(uploads),
          lapsed: sql<boolean>`(${uploads.state} = 'receiving' and ${uploads.expiresAt} < now())`,
        })
        .from(uploads)
        .where(eq(uploads.id, id))
        .limit(1),
    );
    return row ?? null;
  }

  /** A receiving upload still open where `changes` may be written; the rest (finished, lapsed, gone) stays. */
  private whereOpen(id: string) {
    return and(eq(uploads.id, id), eq(uploads.state, 'receiving'), gte(uploads.expiresAt, sql`now()`));
  }

  /**
   * Bytes are arriving: the upload's lapse moves on. Null when it is no longer open (it lapsed,
   * finished or went), else its new expiry.
   */
  async touch(companyId: number, id: string): Promise<Date | null> {
    const [row] = await this.database.tenant({ companyId }, (tx) =>
      tx
        .update(uploads)
        .set({ expiresAt: this.nextExpiry() })
        .where(this.whereOpen(id))
        .returning({ expiresAt: uploads.expiresAt }),
    );
    return row?.expiresAt ?? null;
  }

  /** What a write stored; null when the upload is no longer open (it lapsed meanwhile), else its new expiry. */
  async progress(companyId: number, id: string, progress: UploadProgress): Promise<Date | null> {
    const [row] = await this.database.tenant({ companyId }, (tx) =>
      tx
        .update(uploads)
        .set({ received: progress.received, head: progress.head, kind: progress.kind, expiresAt: this.nextExpiry() })
        .where(this.whereOpen(id))
        .returning({ expiresAt: uploads.expiresAt }),
    );
    return row?.expiresAt ?? null;
  }

  /** All bytes arrived and the content matched the name; false when the upload lapsed before. */
  async finish(companyId: number, id: string, kind: UploadKind, size: number): Promise<boolean> {
    const rows = await this.database.tenant({ companyId }, (tx) =>
      tx
        .update(uploads)
        .set({ state: 'finished', kind, received: size, head: null, finishedAt: new Date() })
        .where(this.whereOpen(id))
        .returning({ id: uploads.id }),
    );
    return rows.length > 0;
  }

  /**
   * Marks a FINISHED upload of this company and account as taken by a record, in the record's
   * transaction `tx` (a tenant transaction). A missing, unfinished, other company's, other
   * account's or already claimed id: 422 on `upload_id`; a kind outside `kinds`: 422 'File is
   * of invalid type'.
   */
  async claim(
    tx: Db,
    input: { companyId: number; accountId: number; uploadId: string; kinds: readonly UploadKind[] },
  ): Promise<ClaimedUpload> {
    const [row] = await tx
      .select()
      .from(uploads)
      .where(and(eq(uploads.companyId, input.companyId), eq(uploads.id, input.uploadId)))
      .for('update')
      .limit(1);
    if (row?.state !== 'finished' || row.accountId !== input.accountId || !row.kind) {
      throw new ValidationError({ upload_id: [UPLOAD_NOT_FINISHED] });
    }
    const kind = row.kind as UploadKind;
    if (!input.kinds.includes(kind)) throw new ValidationError({ upload_id: [FILE_INVALID_TYPE] });
    await tx
      .update(uploads)
      .set({ state: 'claimed', claimedAt: new Date() })
      .where(and(eq(uploads.companyId, input.companyId), eq(uploads.id, row.id)));
    return { id: row.id, fileName: row.fileName, kind, size: row.size, storageKey: row.storageKey };
  }

  /** Removes an upload's bytes and row (its record was purged, or took another upload). */
  async release(companyId: number, uploadId: string): Promise<void> {
    await this.discard(companyId, uploadId);
  }

  /** The upload's row, then its bytes (a failure to remove bytes is logged: the row is what counts). */
  async discard(companyId: number, id: string): Promise<void> {
    await this.database.tenant({ companyId }, (tx) => tx.delete(uploads).where(eq(uploads.id, id)));
    await this.removeBytes(id);
  }

  /** Everything the tus store wrote for an upload: an open S3 multipart upload, the bytes, the info. */
  async removeBytes(id: string): Promise<void> {
    await this.store.datastore.remove(id).catch(() => undefined);
    for (const key of this.store.keysOf(id)) {
      await this.storage.remove(key).catch((error: unknown) => {
        this.log?.warn(
          { key, err: error instanceof Error ? error.message : String(error) },
          'upload bytes not removed',
        );
      });
    }
  }

  /** Removes unfinished uploads past their expiry, over every company (the job `uploads.expire`). */
  async expire(signal?: AbortSignal): Promise<number> {
    let removed = 0;
    for (;;) {
      const batch = await queryRows<{ company_id: number; id: string }>(
        this.database.system,
        sql`select company_id, id from uploads where state = 'receiving' and expires_at < now()
            order by expires_at limit ${EXPIRE_BATCH}`,
      );
      for (const { company_id: companyId, id } of batch) {
        if (signal?.aborted) return removed;
        const gone = await queryRows<{ id: string }>(
          this.database.system,
          sql`delete from uploads where company_id = ${companyId} and id = ${id} and state = 'receiving' returning id`,
        );
        if (gone.length) {
          await this.removeBytes(id);
          removed++;
        }
      }
      if (batch.length < EXPIRE_BATCH) return removed;
    }
  }
}
