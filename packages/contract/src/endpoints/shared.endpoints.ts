import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { idParamsSchema } from '../ids.ts';

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
