import { randomBytes } from 'node:crypto';
import { CURRENT_ENVIRONMENT, ENVIRONMENTS, type Environment, FILE_INVALID_TYPE } from '@meshport/contract';
import { eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#core/db/database.ts';
import { sniffType } from '#core/http/form-fields.ts';
import { notFound, ValidationError } from '#core/http/http-error.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import { changelogItems } from './changelog.table.ts';

export interface ChangelogFields {
  type?: (typeof changelogItems.$inferInsert)['type'];
  description?: string;
  environments?: Partial<Record<Environment, boolean>>;
  screenshot?: File | null;
}

const MISSING = 'No such changelog item.';
const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/bmp': 'bmp' };
const DATE_COLUMNS = {
  development: 'dateOnDevelopment',
  test: 'dateOnTest',
  acceptance: 'dateOnAcceptance',
  production: 'dateOnProduction',
} as const satisfies Record<Environment, keyof typeof changelogItems.$inferInsert>;

/**
 * An environment ticked gets today's date, or keeps the one it has; one not ticked loses it
 * (administration.md §4: an environment is 'on' when its date is set).
 */
function dateSets(environments: Partial<Record<Environment, boolean>>): Record<string, SQL | null> {
  const out: Record<string, SQL | null> = {};
  for (const environment of ENVIRONMENTS) {
    const column = changelogItems[DATE_COLUMNS[environment]];
    out[DATE_COLUMNS[environment]] = environments[environment] ? sql`coalesce(${column}, current_date)` : null;
  }
  return out;
}

/** Platform-wide release notes, written by platform admins; the screenshot lives in file storage. */
export class ChangelogService {
  constructor(
    private readonly database: Database,
    private readonly storage: FileStorage,
  ) {}

  async create(fields: Required<Omit<ChangelogFields, 'screenshot'>> & ChangelogFields): Promise<number> {
    const stored = fields.screenshot ? await this.store(fields.screenshot) : null;
    try {
      const dates: Record<string, SQL | null> = {};
      for (const environment of ENVIRONMENTS) {
        dates[DATE_COLUMNS[environment]] = fields.environments[environment] ? sql`current_date` : null;
      }
      const [row] = await this.database.system
        .insert(changelogItems)
        .values({ type: fields.type, description: fields.description, screenshotPath: stored, ...dates })
        .returning({ id: changelogItems.id });
      return Number(row?.id);
    } catch (error) {
      if (stored) await this.storage.remove(stored).catch(() => {});
      throw error;
    }
  }

  async update(id: number, fields: ChangelogFields): Promise<void> {
    const stored = fields.screenshot ? await this.store(fields.screenshot) : null;
    let replaced: string | null = null;
    try {
      await this.database.system.transaction(async (tx) => {
        const [current] = await tx
          .select({ screenshotPath: changelogItems.screenshotPath })
          .from(changelogItems)
          .where(eq(changelogItems.id, id))
          .for('update');
        if (!current) throw notFound(MISSING);
        const screenshotChanges = fields.screenshot !== undefined;
        if (screenshotChanges) replaced = current.screenshotPath;
        await tx
          .update(changelogItems)
          .set({
            ...(fields.type !== undefined && { type: fields.type }),
            ...(fields.description !== undefined && { description: fields.description }),
            ...(fields.environments !== undefined && dateSets(fields.environments)),
            ...(screenshotChanges && { screenshotPath: stored }),
            updatedAt: sql`now()`,
          })
          .where(eq(changelogItems.id, id));
      });
    } catch (error) {
      if (stored) await this.storage.remove(stored).catch(() => {});
      throw error;
    }
    if (replaced) await this.storage.remove(replaced).catch(() => {});
  }

  /** Deletes the item and its screenshot; answers its description. */
  async delete(id: number): Promise<string> {
    const [row] = await this.database.system
      .delete(changelogItems)
      .where(eq(changelogItems.id, id))
      .returning({ description: changelogItems.description, screenshotPath: changelogItems.screenshotPath });
    if (!row) throw notFound(MISSING);
    if (row.screenshotPath) await this.storage.remove(row.screenshotPath).catch(() => {});
    return row.description;
  }

  /** Dates today every item not yet on the current environment; answers how many. */
  async sync(): Promise<{ environment: Environment; count: number }> {
    const column = changelogItems[DATE_COLUMNS[CURRENT_ENVIRONMENT]];
    const rows = await this.database.system
      .update(changelogItems)
      .set({ [DATE_COLUMNS[CURRENT_ENVIRONMENT]]: sql`current_date`, updatedAt: sql`now()` })
      .where(isNull(column))
      .returning({ id: changelogItems.id });
    return { environment: CURRENT_ENVIRONMENT, count: rows.length };
  }

  /** Stores the image under `changelog/{random}.{ext}`; the type is judged again by content. */
  private async store(file: File): Promise<string> {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const extension = EXTENSIONS[sniffType(bytes)];
    if (!extension) throw new ValidationError({ screenshot: [FILE_INVALID_TYPE] });
    const key = `changelog/${randomBytes(8).toString('hex')}.${extension}`;
    await this.storage.put(key, Buffer.from(bytes));
    return key;
  }
}
