import { z } from 'zod';
import { propertyMapSchema } from '../administration.ts';
import { requiredText } from '../content-saves.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema } from '../ids.ts';
import { deleteAnswerSchema } from './shared.endpoints.ts';

/** POST /property-maps; PATCH takes the same field. */
export const propertyMapSaveSchema = z.object({ name: requiredText() });
export const propertyMapUpdateSchema = propertyMapSaveSchema.partial();

/** Message of a name another property map of the company already has (case-insensitive). */
export const PROPERTY_MAP_NAME_TAKEN = 'A property map with this name already exists.';

export const propertyMapEndpoints = {
  list: defineListEndpoint({
    path: '/property-maps',
    summary: 'Property maps of this company (hatch only)',
    tags: ['property-maps'],
    row: propertyMapSchema,
    sorts: ['id', 'name', 'created_at', 'updated_at'],
    filters: { search: z.string() },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/property-maps/:id',
    summary: 'One property map',
    tags: ['property-maps'],
    params: idParamsSchema,
    query: recordQuerySchema,
    answer: recordAnswerSchema(propertyMapSchema, {}),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/property-maps',
    summary: 'Creates a property map (hatch only)',
    tags: ['property-maps'],
    body: propertyMapSaveSchema,
    answer: recordAnswerSchema(propertyMapSchema, {}),
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/property-maps/:id',
    summary: 'Renames a property map (also POST with _method=PATCH; hatch only)',
    tags: ['property-maps'],
    params: idParamsSchema,
    body: propertyMapUpdateSchema,
    answer: recordAnswerSchema(propertyMapSchema, {}),
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/property-maps/:id',
    summary: 'Deletes a property map (hatch only)',
    tags: ['property-maps'],
    params: idParamsSchema,
    answer: deleteAnswerSchema('property_map_name'),
  }),
};
