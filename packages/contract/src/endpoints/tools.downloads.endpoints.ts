import { z } from 'zod';
import { downloadSchema } from '../administration.ts';
import { FILE_TOO_LARGE, requiredText } from '../content-saves.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema } from '../ids.ts';
import { binaryAnswerSchema, deleteAnswerSchema } from './shared.endpoints.ts';

/** Largest download file (below the server's 50 MB multipart limit, so the field's own message shows). */
export const MAX_DOWNLOAD_BYTES = 40 * 1024 * 1024;
/** The kinds of file published as downloads; the server also checks the content where the kind has a signature. */
export const DOWNLOAD_EXTENSIONS = [
  'pdf',
  'zip',
  'matz',
  'docx',
  'xlsx',
  'pptx',
  'png',
  'jpg',
  'jpeg',
  'exe',
  'msi',
  'fbx',
  'mp4',
  'txt',
  'csv',
] as const;
export const DOWNLOAD_EXTENSION_MESSAGE = `Must be one of ${DOWNLOAD_EXTENSIONS.join(', ')}.`;

/** The extension of a file name, lower case without the dot ('' when it has none). */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

const extensionField = z
  .string({ error: 'Required.' })
  .trim()
  .transform((text) => text.replace(/^\./, '').toLowerCase())
  .refine((text) => (DOWNLOAD_EXTENSIONS as readonly string[]).includes(text), DOWNLOAD_EXTENSION_MESSAGE);

const downloadFileField = z
  .file({ error: 'Choose a file.' })
  .min(1, 'The file is empty.')
  .max(MAX_DOWNLOAD_BYTES, FILE_TOO_LARGE)
  .describe(`The file (multipart), at most ${MAX_DOWNLOAD_BYTES / 1024 / 1024} MB`);

/**
 * POST /admin/downloads (multipart): the name, the extension it is saved with (the web takes it
 * from the chosen file's name) and the file; PATCH takes any of them.
 */
export const downloadSaveSchema = z.object({
  name: requiredText(),
  extension: extensionField,
  file: downloadFileField,
});
export const downloadUpdateSchema = downloadSaveSchema.partial();

export const downloadEndpoints = {
  list: defineListEndpoint({
    path: '/downloads',
    summary: 'Files published for every company (manuals, plug-ins)',
    tags: ['downloads'],
    row: downloadSchema,
    sorts: ['id', 'name', 'extension', 'size', 'created_at', 'updated_at'],
    filters: { search: z.string() },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/downloads/:id',
    summary: 'One download',
    tags: ['downloads'],
    params: idParamsSchema,
    query: recordQuerySchema,
    answer: recordAnswerSchema(downloadSchema, {}),
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/downloads/:id/download',
    summary: 'The file itself, saved as name.extension',
    tags: ['downloads'],
    params: idParamsSchema,
    answer: binaryAnswerSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/downloads',
    summary: 'Publishes a file for every company (admins only; multipart)',
    tags: ['downloads'],
    body: downloadSaveSchema,
    answer: recordAnswerSchema(downloadSchema, {}),
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/admin/downloads/:id',
    summary: 'Changes a download’s name, extension or file (admins only; also POST with _method=PATCH)',
    tags: ['downloads'],
    params: idParamsSchema,
    body: downloadUpdateSchema,
    answer: recordAnswerSchema(downloadSchema, {}),
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/admin/downloads/:id',
    summary: 'Deletes a download and its file (admins only)',
    tags: ['downloads'],
    params: idParamsSchema,
    answer: deleteAnswerSchema('download_name'),
  }),
};
