import type { z } from 'zod';
import { defineEndpoint, recordAnswerSchema } from '../endpoint.ts';
import { idParamsSchema } from '../ids.ts';
import { placementFieldsSchema } from '../model-placement.ts';
import { geometryEventsAnswerSchema } from '../processing.ts';
import { binaryAnswerSchema } from './shared.endpoints.ts';

/**
 * The processing calls that models and library items share: reprocess, cancel, the events,
 * and the downloads of the original and the web-ready GLB.
 */
export function processingEndpoints<Row extends z.ZodObject>(base: string, tag: string, row: Row) {
  // Each answer is built inside its definition, where the web build strips schemas (pure-contract plugin).
  return {
    reprocess: defineEndpoint({
      method: 'POST',
      path: `${base}/:id/reprocess`,
      summary:
        'Processes a FINISHED record again from its original file (409 otherwise); overwrites its geometry. Units and up axis, when given, are kept on the record first',
      tags: [tag],
      params: idParamsSchema,
      body: placementFieldsSchema.nullish(),
      answer: recordAnswerSchema(row, {}),
    }),
    cancel: defineEndpoint({
      method: 'POST',
      path: `${base}/:id/cancel`,
      summary: 'Stops processing a QUEUED or PROCESSING record (409 otherwise)',
      tags: [tag],
      params: idParamsSchema,
      answer: recordAnswerSchema(row, {}),
    }),
    geometryEvents: defineEndpoint({
      method: 'GET',
      path: `${base}/:id/geometry-events`,
      summary: 'The steps of processing, oldest first, each with its message',
      tags: [tag],
      params: idParamsSchema,
      answer: geometryEventsAnswerSchema,
    }),
    downloadOriginal: defineEndpoint({
      method: 'GET',
      path: `${base}/:id/files/original`,
      summary: 'The file as it was uploaded',
      tags: [tag],
      params: idParamsSchema,
      answer: binaryAnswerSchema,
    }),
    downloadGlb: defineEndpoint({
      method: 'GET',
      path: `${base}/:id/files/glb`,
      summary: 'The web-ready model (optimised GLB), once FINISHED',
      tags: [tag],
      params: idParamsSchema,
      answer: binaryAnswerSchema,
    }),
  };
}
