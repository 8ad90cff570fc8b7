import { z } from 'zod';
import { plannedMaintenanceSchema } from '../administration.ts';
import { optionalText, requiredText } from '../content-saves.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema } from '../ids.ts';
import { deleteAnswerSchema } from './shared.endpoints.ts';

export const END_BEFORE_START_MESSAGE = 'Must be after the start.';

/** An ISO 8601 date-time with its offset (`2026-11-23T05:30:00Z`), as the form sends it. */
const dateTimeField = z
  .string({ error: 'Required.' })
  .trim()
  .min(1, 'Required.')
  .pipe(z.iso.datetime({ offset: true, error: 'Must be a date and time (ISO 8601 with a time zone).' }))
  .refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 2000 && year <= 9999;
  }, 'Must be a year between 2000 and 9999.');

/** POST /admin/planned-maintenance (administration.md §7 leaves it unshown; designed like the others). */
export const plannedMaintenanceSaveSchema = z
  .object({
    name: requiredText(),
    description: optionalText().optional(),
    start_datetime: dateTimeField,
    end_datetime: dateTimeField,
  })
  .refine((window) => Date.parse(window.end_datetime) > Date.parse(window.start_datetime), {
    message: END_BEFORE_START_MESSAGE,
    path: ['end_datetime'],
  });
/** PATCH: any of the fields; the end is checked against the stored start when only one is given. */
export const plannedMaintenanceUpdateSchema = z.object({
  name: requiredText().optional(),
  description: optionalText().optional(),
  start_datetime: dateTimeField.optional(),
  end_datetime: dateTimeField.optional(),
});
export type PlannedMaintenanceSave = z.input<typeof plannedMaintenanceSaveSchema>;

export const plannedMaintenanceEndpoints = {
  list: defineListEndpoint({
    path: '/admin/planned-maintenance',
    summary: 'Planned maintenance windows (platform admins)',
    tags: ['admin'],
    row: plannedMaintenanceSchema,
    sorts: ['id', 'name', 'description', 'start_datetime', 'end_datetime', 'created_at', 'updated_at'],
    filters: { search: z.string() },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/admin/planned-maintenance/:id',
    summary: 'One planned maintenance window',
    tags: ['admin'],
    params: idParamsSchema,
    query: recordQuerySchema,
    answer: recordAnswerSchema(plannedMaintenanceSchema, {}),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/planned-maintenance',
    summary: 'Plans a maintenance window; while it is active every API call of non-admins answers 503 with back_on',
    tags: ['admin'],
    body: plannedMaintenanceSaveSchema,
    answer: recordAnswerSchema(plannedMaintenanceSchema, {}),
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/admin/planned-maintenance/:id',
    summary: 'Changes a maintenance window (also POST with _method=PATCH); admins may end an active one early',
    tags: ['admin'],
    params: idParamsSchema,
    body: plannedMaintenanceUpdateSchema,
    answer: recordAnswerSchema(plannedMaintenanceSchema, {}),
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/admin/planned-maintenance/:id',
    summary: 'Deletes a maintenance window',
    tags: ['admin'],
    params: idParamsSchema,
    answer: deleteAnswerSchema('planned_maintenance_name'),
  }),
};
