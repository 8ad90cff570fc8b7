import { z } from 'zod';
import { CHANGELOG_TYPES, changelogItemSchema, ENVIRONMENTS } from '../administration.ts';
import {
  FILE_INVALID_TYPE,
  FILE_TOO_LARGE,
  formFlag,
  MAX_PREVIEW_IMAGE_BYTES,
  requiredText,
} from '../content-saves.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema } from '../ids.ts';
import { binaryAnswerSchema, deleteAnswerSchema } from './shared.endpoints.ts';

/** administration.md §5: screenshots are JPEG, PNG or BMP (judged by content on the server). */
export const CHANGELOG_SCREENSHOT_TYPES = ['image/jpeg', 'image/png', 'image/bmp'] as const;
export const MAX_CHANGELOG_SCREENSHOT_BYTES = MAX_PREVIEW_IMAGE_BYTES;
export const MAX_CHANGELOG_DESCRIPTION = 5000;
export const ENVIRONMENT_REQUIRED_MESSAGE = 'Choose at least one environment.';

/** `environments[development]=1` etc.: which environments the change is on (an absent one is off). */
const environmentsField = z
  .strictObject(
    {
      development: formFlag.optional(),
      test: formFlag.optional(),
      acceptance: formFlag.optional(),
      production: formFlag.optional(),
    },
    { error: `Must name the environments ${ENVIRONMENTS.join(', ')} with 1 or 0.` },
  )
  .refine((ticks) => Object.values(ticks).some(Boolean), ENVIRONMENT_REQUIRED_MESSAGE);

const screenshotField = z
  .union(
    [
      z
        .file()
        .max(MAX_CHANGELOG_SCREENSHOT_BYTES, FILE_TOO_LARGE)
        .mime([...CHANGELOG_SCREENSHOT_TYPES], FILE_INVALID_TYPE),
      z.null(),
      z.literal('').transform(() => null),
    ],
    { error: FILE_INVALID_TYPE },
  )
  .describe('A JPEG, PNG or BMP image (at most 3 MB) in multipart; null or empty removes it');

/** POST /admin/changelog-items (administration.md §7): type, description and environments required. */
export const changelogItemSaveSchema = z.object({
  type: z.enum(CHANGELOG_TYPES, { error: `Required: one of ${CHANGELOG_TYPES.join(', ')}.` }),
  description: requiredText(MAX_CHANGELOG_DESCRIPTION),
  environments: environmentsField,
  screenshot: screenshotField.optional(),
});
/** POST /admin/changelog-items/{id} with _method=PATCH: any of the fields; environments replace the ticks. */
export const changelogItemUpdateSchema = changelogItemSaveSchema.partial();
export type ChangelogItemSave = z.input<typeof changelogItemSaveSchema>;

export const changelogSyncAnswerSchema = z.object({
  data: z.object({ environment: z.enum(ENVIRONMENTS), count: z.number().int() }),
});

export const changelogEndpoints = {
  list: defineListEndpoint({
    path: '/admin/changelog-items',
    summary: 'Changelog items; filter[environment] keeps those released there (Updates panel)',
    tags: ['changelog'],
    row: changelogItemSchema,
    sorts: [
      'id',
      'type',
      'description',
      'date_on_development',
      'date_on_test',
      'date_on_acceptance',
      'date_on_production',
      'created_at',
      'updated_at',
    ],
    filters: {
      search: z.string(),
      type: z.string().describe(`One or more of ${CHANGELOG_TYPES.join(', ')}, comma-separated`),
      environment: z.enum(ENVIRONMENTS),
      missing_environment: z.enum(ENVIRONMENTS),
    },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/admin/changelog-items/:id',
    summary: 'One changelog item with its screenshot_url',
    tags: ['changelog'],
    params: idParamsSchema,
    query: recordQuerySchema,
    answer: recordAnswerSchema(changelogItemSchema, {}),
  }),
  screenshot: defineEndpoint({
    method: 'GET',
    path: '/changelog-items/:id/screenshot',
    summary: "A changelog item's screenshot",
    tags: ['changelog'],
    params: idParamsSchema,
    answer: binaryAnswerSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/changelog-items',
    summary: 'Creates a changelog item; a ticked environment is dated today (multipart with the screenshot)',
    tags: ['changelog'],
    body: changelogItemSaveSchema,
    answer: recordAnswerSchema(changelogItemSchema, {}),
    status: 201,
  }),
  sync: defineEndpoint({
    method: 'PATCH',
    path: '/admin/changelog-items/sync',
    summary: 'Dates every item not yet on the current environment (acceptance) today; answers how many',
    tags: ['changelog'],
    answer: changelogSyncAnswerSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/admin/changelog-items/:id',
    summary: 'Changes a changelog item (also POST with _method=PATCH); a date is kept while its tick stays',
    tags: ['changelog'],
    params: idParamsSchema,
    body: changelogItemUpdateSchema,
    answer: recordAnswerSchema(changelogItemSchema, {}),
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/admin/changelog-items/:id',
    summary: 'Deletes a changelog item and its screenshot',
    tags: ['changelog'],
    params: idParamsSchema,
    answer: deleteAnswerSchema('changelog_item_description'),
  }),
};
