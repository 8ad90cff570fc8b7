import { sql } from 'drizzle-orm';
import type { Database, Db } from '#core/db/database.ts';
import { queryRows } from '#core/db/database.ts';
import { notFound, ValidationError } from '#core/http/http-error.ts';

/** A unique index refused the row (Postgres and PGlite both report SQLSTATE 23505, maybe wrapped). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
}

/** Who writes: the tenant transaction's scope. */
export interface TenantWriter {
  companyId: number;
  accountId: number;
}

export interface NamedRecordSpec<C extends string> {
  /** Trusted table name of a tenant table with company_id, id, name, created_at, updated_at. */
  table: string;
  /** The columns a save may set besides `name` (trusted names). */
  columns: readonly C[];
  notFound: string;
  nameTaken: string;
}

/**
 * Create, change and delete of a company's named record (labels, property maps), whose names
 * are unique per company regardless of case. Runs in the writer's tenant transaction, so row-level
 * security keeps every statement inside the company: another company's id is simply not found.
 */
export class NamedRecordWriter<C extends string> {
  constructor(
    private readonly database: Database,
    private readonly spec: NamedRecordSpec<C>,
  ) {}

  async create(writer: TenantWriter, values: { name: string } & Record<C, string>): Promise<number> {
    const columns = ['name', ...this.spec.columns] as const;
    const row = await this.guard(writer, (tx) =>
      queryRows<{ id: number }>(
        tx,
        sql`insert into ${sql.identifier(this.spec.table)} (company_id, ${sql.join(
          columns.map((column) => sql.identifier(column)),
          sql`, `,
        )}) values (${writer.companyId}, ${sql.join(
          columns.map((column) => sql`${(values as Record<string, string>)[column]}`),
          sql`, `,
        )}) returning id`,
      ),
    );
    return row.id;
  }

  async update(writer: TenantWriter, id: number, values: Partial<{ name: string } & Record<C, string>>): Promise<void> {
    const set = Object.entries(values)
      .filter(
        ([column, value]) => value !== undefined && (column === 'name' || this.spec.columns.includes(column as C)),
      )
      .map(([column, value]) => sql`${sql.identifier(column)} = ${value as string}`);
    await this.guard(writer, (tx) =>
      queryRows<{ id: number }>(
        tx,
        sql`update ${sql.identifier(this.spec.table)} set ${sql.join([...set, sql`updated_at = now()`], sql`, `)}
          where id = ${id} returning id`,
      ),
    );
  }

  /** Deletes the record; answers its name. */
  async delete(writer: TenantWriter, id: number): Promise<string> {
    const row = await this.database.tenant(writer, async (tx) => {
      const [deleted] = await queryRows<{ name: string }>(
        tx,
        sql`delete from ${sql.identifier(this.spec.table)} where id = ${id} returning name`,
      );
      return deleted;
    });
    if (!row) throw notFound(this.spec.notFound);
    return row.name;
  }

  /** One statement answering the touched row: 404 when none, 422 on `name` when the name is taken. */
  private async guard(writer: TenantWriter, work: (tx: Db) => Promise<{ id: number }[]>): Promise<{ id: number }> {
    try {
      const [row] = await this.database.tenant(writer, work);
      if (!row) throw notFound(this.spec.notFound);
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw new ValidationError({ name: [this.spec.nameTaken] });
      throw error;
    }
  }
}
