import { END_BEFORE_START_MESSAGE, type PlannedMaintenance, plannedMaintenanceSaveSchema } from '@meshport/contract';
import { z } from 'zod';

export interface MaintenanceFormValues {
  name: string;
  description: string;
  /** `YYYY-MM-DDTHH:mm` in the browser's time zone, as a datetime-local input holds it. */
  start: string;
  end: string;
}

export const MAINTENANCE_FORM_FIELDS = ['name', 'description', 'start', 'end'] as const;

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a datetime-local value in the browser's time zone ('' when unreadable). */
export function toLocalInput(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (local time) as an ISO instant, or null when it is not a date and time. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The form's first values: the window edited, or a new one from the next full hour for an hour. */
export function initialMaintenanceValues(record?: PlannedMaintenance, now = new Date()): MaintenanceFormValues {
  if (record) {
    return {
      name: record.name,
      description: record.description ?? '',
      start: toLocalInput(record.start_datetime),
      end: toLocalInput(record.end_datetime),
    };
  }
  const start = new Date(now);
  start.setMinutes(0, 0, 0);
  start.setHours(start.getHours() + 1);
  return {
    name: '',
    description: '',
    start: toLocalInput(start),
    end: toLocalInput(new Date(start.getTime() + 3_600_000)),
  };
}

/** The server's fields from the form (empty description clears it). */
export function maintenanceBody(values: MaintenanceFormValues) {
  return {
    name: values.name.trim(),
    description: values.description.trim() === '' ? null : values.description,
    start_datetime: fromLocalInput(values.start) ?? values.start,
    end_datetime: fromLocalInput(values.end) ?? values.end,
  };
}

/** The server's field names → the form's. */
export const SERVER_FIELD: Record<string, (typeof MAINTENANCE_FORM_FIELDS)[number]> = {
  name: 'name',
  description: 'description',
  start_datetime: 'start',
  end_datetime: 'end',
};

/** Client check: the end must come after the start (the server says the same). */
export function endAfterStart(values: Pick<MaintenanceFormValues, 'start' | 'end'>): boolean {
  const start = fromLocalInput(values.start);
  const end = fromLocalInput(values.end);
  return start === null || end === null || Date.parse(end) > Date.parse(start);
}

const { name, description, start_datetime } = plannedMaintenanceSaveSchema.shape;

/** A datetime-local value as the ISO instant the contract checks; unreadable: `invalid_format`. */
const localDateTime = z
  .string()
  .transform((value, context) => {
    const iso = fromLocalInput(value);
    if (iso !== null) return iso;
    context.addIssue({ code: 'invalid_format', format: 'datetime', input: value });
    return z.NEVER;
  })
  .pipe(start_datetime);

/**
 * The form checked by the contract's save schema, on its own field names (`start`, `end` in local
 * time); an end not after the start is `too_small` on the end, as the contract's refinement says.
 */
export const maintenanceFormSchema = z
  .object({ name, description, start: localDateTime, end: localDateTime })
  .superRefine((values, context) => {
    if (Date.parse(values.end) > Date.parse(values.start)) return;
    context.addIssue({
      code: 'too_small',
      origin: 'date',
      minimum: Date.parse(values.start),
      inclusive: false,
      input: values.end,
      path: ['end'],
      message: END_BEFORE_START_MESSAGE,
    });
  });

/** The locale key of a client-side issue of the form (undefined: the contract's text). */
export function maintenanceMessageKey(field: string, code: string, blank: boolean): string | undefined {
  if (blank) return 'form.errors.required';
  if (code === 'invalid_format') return 'form.errors.dateTime';
  if (field === 'end' && code === 'too_small') return 'form.errors.endAfterStart';
  return undefined;
}
