import { z } from 'zod';
import { plannedMaintenanceSchema } from '../administration.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema } from '../ids.ts';

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
};
