import { z } from 'zod';
import { deleteStatusSchema, restoreAnswerSchema } from '../content-saves.ts';
import { defineEndpoint } from '../endpoint.ts';
import { idParamsSchema, materialNameParamsSchema } from '../ids.ts';

/** An image or file sent as it is (the handler streams it). */
export const binaryAnswerSchema = z.file().describe('The file, sent as it is');

/** GET …/:id/preview-image of a content resource. */
export function previewImageEndpoint(path: string, tag: string) {
  return defineEndpoint({
    method: 'GET',
    path,
    summary: 'The preview image of one record',
    tags: [tag],
    params: idParamsSchema,
    answer: binaryAnswerSchema,
  });
}

/** POST …/:id/restore (or …/:name/restore) of a recycle-bin kind (administration.md §7). */
export function restoreEndpoint<K extends 'id' | 'name' = 'id'>(path: string, tag: string, key?: K) {
  // Typed by the key, so that handlers read `params.id` or `params.name` without narrowing.
  const params = (key === 'name' ? materialNameParamsSchema : idParamsSchema) as K extends 'name'
    ? typeof materialNameParamsSchema
    : typeof idParamsSchema;
  return defineEndpoint({
    method: 'POST',
    path,
    summary: 'Brings a record back from the recycling bin, within 30 days of its deletion',
    tags: [tag],
    params,
    answer: restoreAnswerSchema,
  });
}

/** A single delete's answer: the record's name under `key` and `status` (content.md §7). */
export function deleteAnswerSchema<K extends string>(key: K) {
  return z.object({ [key]: z.string(), status: deleteStatusSchema } as Record<K, z.ZodString> & {
    status: typeof deleteStatusSchema;
  });
}
