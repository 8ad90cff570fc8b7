import { and, asc, gt, lte } from 'drizzle-orm';
import type { Database } from '#core/db/database.ts';
import { HttpError } from '#core/http/http-error.ts';
import { plannedMaintenance } from './maintenance.table.ts';

const CACHE_MS = 2_000;
export const MAINTENANCE_FALLBACK_MESSAGE = 'Down for maintenance. We expect to be back as soon as possible';

export interface ActiveWindow {
  name: string;
  description: string | null;
  endDatetime: Date;
}

/** Answers "is a planned maintenance window active now?", cached briefly per process. */
export class MaintenanceService {
  private cached: { window: ActiveWindow | null; at: number } | null = null;
  /** The read in flight: requests arriving meanwhile share it rather than each querying. */
  private reading: Promise<ActiveWindow | null> | null = null;

  constructor(private readonly database: Database) {}

  async active(): Promise<ActiveWindow | null> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.window;
    this.reading ??= this.read().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async read(): Promise<ActiveWindow | null> {
    const now = new Date();
    const [row] = await this.database.system
      .select({
        name: plannedMaintenance.name,
        description: plannedMaintenance.description,
        endDatetime: plannedMaintenance.endDatetime,
      })
      .from(plannedMaintenance)
      .where(and(lte(plannedMaintenance.startDatetime, now), gt(plannedMaintenance.endDatetime, now)))
      .orderBy(asc(plannedMaintenance.endDatetime))
      .limit(1);
    const window = row ?? null;
    this.cached = { window, at: Date.now() };
    return window;
  }

  invalidate(): void {
    this.cached = null;
    this.reading = null;
  }

  /**
   * The 503 that shows the maintenance page (spec: status text and an optional `back_on`, shell.md
   * §8), with the window's end as `back_on`.
   */
  static unavailable(window: ActiveWindow): HttpError {
    const message = window.description
      ? `${window.name}: ${window.description}`
      : `${window.name}. ${MAINTENANCE_FALLBACK_MESSAGE}`;
    return new HttpError(
      503,
      message,
      { back_on: window.endDatetime.toISOString() },
      { 'retry-after': String(Math.max(1, Math.ceil((window.endDatetime.getTime() - Date.now()) / 1000))) },
    );
  }
}
