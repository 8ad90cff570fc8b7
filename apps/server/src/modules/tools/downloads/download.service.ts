import { randomBytes } from 'node:crypto';
import { type BodyOf, type downloadEndpoints, FILE_INVALID_TYPE } from '@meshport/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#core/db/database.ts';
import { sniffType } from '#core/http/form-fields.ts';
import { notFound, ValidationError } from '#core/http/http-error.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import { downloads } from './download.table.ts';

export type DownloadSave = BodyOf<typeof downloadEndpoints.create>;
export type DownloadChanges = BodyOf<typeof downloadEndpoints.update>;

const NO_SUCH_DOWNLOAD = 'No such download.';
const startsWith = (bytes: Uint8Array, text: string) =>
  [...text].every((character, index) => bytes[index] === character.charCodeAt(0));
const hasNoNul = (bytes: Uint8Array) => !bytes.subarray(0, 8192).includes(0);

/**
 * What a file of each extension must start with, where the kind has a signature: a file named
 * `.pdf` that is something else is refused. Text kinds must not hold NUL bytes.
 */
const CONTENT_CHECKS: Record<string, (bytes: Uint8Array) => boolean> = {
  pdf: (b) => startsWith(b, '%PDF-'),
  zip: (b) => sniffType(b) === 'application/zip',
  matz: (b) => sniffType(b) === 'application/zip',
  docx: (b) => sniffType(b) === 'application/zip',
  xlsx: (b) => sniffType(b) === 'application/zip',
  pptx: (b) => sniffType(b) === 'application/zip',
  png: (b) => sniffType(b) === 'image/png',
  jpg: (b) => sniffType(b) === 'image/jpeg',
  jpeg: (b) => sniffType(b) === 'image/jpeg',
  exe: (b) => startsWith(b, 'MZ'),
  msi: (b) => b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0,
  mp4: (b) => startsWith(b.subarray(4), 'ftyp'),
  fbx: (b) => startsWith(b, 'Kaydara FBX Binary') || hasNoNul(b),
  txt: hasNoNul,
  csv: hasNoNul,
};

/**
 * Downloads (administration.md §2): files platform admins publish for every company. The file
 * goes to storage under a random key before the row is written; a failed save removes it again,
 * a replaced or deleted file is removed once the change has committed.
 */
export class DownloadService {
  constructor(
    private readonly database: Database,
    private readonly storage: FileStorage,
  ) {}

  async create(body: DownloadSave): Promise<number> {
    const key = await this.store(body.file, body.extension);
    try {
      const [row] = await this.database.system
        .insert(downloads)
        .values({ name: body.name, extension: body.extension, filePath: key, size: body.file.size })
        .returning({ id: downloads.id });
      return row?.id as number;
    } catch (error) {
      await this.storage.remove(key).catch(() => {});
      throw error;
    }
  }

  async update(id: number, body: DownloadChanges): Promise<void> {
    const current = await this.find(id);
    const extension = body.extension ?? current.extension;
    // A new extension must fit the file it names: the new file, or else the stored one.
    const key = body.file
      ? await this.store(body.file, extension)
      : body.extension !== undefined
        ? await this.checkStored(current.filePath, extension).then(() => null)
        : null;
    try {
      const [row] = await this.database.system
        .update(downloads)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          extension,
          ...(key && body.file ? { filePath: key, size: body.file.size } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(downloads.id, id))
        .returning({ id: downloads.id });
      if (!row) throw notFound(NO_SUCH_DOWNLOAD);
    } catch (error) {
      if (key) await this.storage.remove(key).catch(() => {});
      throw error;
    }
    // Committed: a file left behind is only a leak, not a reason to answer an error.
    if (key) await this.storage.remove(current.filePath).catch(() => {});
  }

  /** Deletes the download and its file; answers its name. */
  async delete(id: number): Promise<string> {
    const [row] = await this.database.system
      .delete(downloads)
      .where(eq(downloads.id, id))
      .returning({ name: downloads.name, filePath: downloads.filePath });
    if (!row) throw notFound(NO_SUCH_DOWNLOAD);
    await this.storage.remove(row.filePath).catch(() => {});
    return row.name;
  }

  private async find(id: number) {
    const [row] = await this.database.system
      .select({ extension: downloads.extension, filePath: downloads.filePath })
      .from(downloads)
      .where(eq(downloads.id, id))
      .limit(1);
    if (!row) throw notFound(NO_SUCH_DOWNLOAD);
    return row;
  }

  /** Checks the file's content against its extension and stores it under a new random key. */
  private async store(file: File, extension: string): Promise<string> {
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (!(CONTENT_CHECKS[extension]?.(bytes) ?? false)) throw new ValidationError({ file: [FILE_INVALID_TYPE] });
    const key = `downloads/${randomBytes(12).toString('hex')}.${extension}`;
    await this.storage.put(key, Buffer.from(bytes));
    return key;
  }

  private async checkStored(key: string, extension: string): Promise<void> {
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of this.storage.read(key)) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= 8192) break;
    }
    if (!(CONTENT_CHECKS[extension]?.(new Uint8Array(Buffer.concat(chunks))) ?? false)) {
      throw new ValidationError({ extension: ['The file is not of this type.'] });
    }
  }
}
