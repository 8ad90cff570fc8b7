import { END_BEFORE_START_MESSAGE } from '@meshport/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#core/db/database.ts';
import { notFound, ValidationError } from '#core/http/http-error.ts';
import type { MaintenanceService } from '#core/maintenance/maintenance.service.ts';
import { plannedMaintenance } from '#core/maintenance/maintenance.table.ts';

export interface MaintenanceFields {
  name?: string;
  description?: string | null;
  start_datetime?: string;
  end_datetime?: string;
}

const MISSING = 'No such planned maintenance.';

/**
 * The admin writes of planned maintenance. Every write drops the gate's cached answer, so a
 * window starts or ends at once in this process (others follow within the gate's cache time).
 */
export class MaintenanceWriteService {
  constructor(
    private readonly database: Database,
    private readonly gate: MaintenanceService,
  ) {}

  async create(fields: Required<Omit<MaintenanceFields, 'description'>> & MaintenanceFields): Promise<number> {
    const [row] = await this.database.system
      .insert(plannedMaintenance)
      .values({
        name: fields.name,
        description: fields.description ?? null,
        startDatetime: new Date(fields.start_datetime),
        endDatetime: new Date(fields.end_datetime),
      })
      .returning({ id: plannedMaintenance.id });
    this.gate.invalidate();
    return Number(row?.id);
  }

  async update(id: number, fields: MaintenanceFields): Promise<void> {
    await this.database.system.transaction(async (tx) => {
      const [current] = await tx
        .select({ start: plannedMaintenance.startDatetime, end: plannedMaintenance.endDatetime })
        .from(plannedMaintenance)
        .where(eq(plannedMaintenance.id, id))
        .for('update');
      if (!current) throw notFound(MISSING);
      const start = fields.start_datetime ? new Date(fields.start_datetime) : current.start;
      const end = fields.end_datetime ? new Date(fields.end_datetime) : current.end;
      if (end.getTime() <= start.getTime()) throw new ValidationError({ end_datetime: [END_BEFORE_START_MESSAGE] });
      await tx
        .update(plannedMaintenance)
        .set({
          ...(fields.name !== undefined && { name: fields.name }),
          ...(fields.description !== undefined && { description: fields.description }),
          startDatetime: start,
          endDatetime: end,
          updatedAt: sql`now()`,
        })
        .where(eq(plannedMaintenance.id, id));
    });
    this.gate.invalidate();
  }

  /** Deletes the window and answers its name. */
  async delete(id: number): Promise<string> {
    const [row] = await this.database.system
      .delete(plannedMaintenance)
      .where(eq(plannedMaintenance.id, id))
      .returning({ name: plannedMaintenance.name });
    if (!row) throw notFound(MISSING);
    this.gate.invalidate();
    return row.name;
  }
}
