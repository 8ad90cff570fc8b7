import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { messageSchema, validationErrorSchema } from '../errors.ts';

/** The tus 1.0 protocol version the upload endpoints speak (`Tus-Resumable`). */
export const TUS_VERSION = '1.0.0';
/** Where tus clients send uploads (under /v2). */
export const UPLOADS_PATH = '/uploads';

/** Upload ids are the tus server's random ids: 32 hexadecimal characters. */
export const uploadIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'Not an upload id.');
export const uploadIdParamsSchema = z.object({ id: uploadIdSchema });

const noBody = (what: string) => z.null().describe(`No body: ${what}`);
const refusals = {
  404: messageSchema,
  409: messageSchema,
  410: messageSchema,
  412: messageSchema,
  413: validationErrorSchema.or(messageSchema),
  415: validationErrorSchema,
  422: validationErrorSchema,
  /** Creation: the account has as many unfinished uploads as it may. */
  429: validationErrorSchema,
};

/**
 * Resumable uploads, tus 1.0 (https://tus.io/protocols/resumable-upload) with the extensions
 * creation, creation-with-upload, termination and expiration. Requests carry `Tus-Resumable: 1.0.0`;
 * errors answer JSON `{message}` (413, 415 and 429 also `errors.file`). An unfinished upload lapses when no
 * byte arrives for a while (10 minutes by default): it no longer counts against the quota and
 * answers 410.
 */
export const uploadEndpoints = {
  options: defineEndpoint({
    method: 'OPTIONS',
    path: UPLOADS_PATH,
    summary: 'tus discovery: Tus-Version, Tus-Extension and Tus-Max-Size headers',
    tags: ['uploads'],
    answer: noBody('the answer is in the Tus-* headers'),
    status: 204,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: UPLOADS_PATH,
    summary:
      'tus creation: Upload-Length and Upload-Metadata (filename required, filetype) headers; with Content-Type application/offset+octet-stream the body is the first bytes. Answers Location (and Upload-Offset, Upload-Expires)',
    tags: ['uploads'],
    answer: noBody('Location names the new upload'),
    status: 201,
    otherAnswers: refusals,
  }),
  head: defineEndpoint({
    method: 'HEAD',
    path: `${UPLOADS_PATH}/:id`,
    summary: 'tus offset: Upload-Offset and Upload-Length headers of an upload of this company',
    tags: ['uploads'],
    params: uploadIdParamsSchema,
    answer: noBody('Upload-Offset, Upload-Length, Upload-Metadata headers'),
    otherAnswers: refusals,
  }),
  patch: defineEndpoint({
    method: 'PATCH',
    path: `${UPLOADS_PATH}/:id`,
    summary:
      'tus upload: the body (Content-Type application/offset+octet-stream) continues the upload at Upload-Offset; answers the new Upload-Offset',
    tags: ['uploads'],
    params: uploadIdParamsSchema,
    answer: noBody('Upload-Offset header'),
    status: 204,
    otherAnswers: refusals,
  }),
  terminate: defineEndpoint({
    method: 'DELETE',
    path: `${UPLOADS_PATH}/:id`,
    summary: 'tus termination: removes an unclaimed upload of the requester and its bytes',
    tags: ['uploads'],
    params: uploadIdParamsSchema,
    answer: noBody('the upload is gone'),
    status: 204,
    otherAnswers: refusals,
  }),
};
