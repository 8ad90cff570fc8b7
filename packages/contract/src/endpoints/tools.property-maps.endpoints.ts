import { z } from 'zod';
import { propertyMapSchema } from '../administration.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema } from '../ids.ts';

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
};
