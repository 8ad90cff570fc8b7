import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** What the web app needs to know about this deployment before anyone signs in. */
export const publicConfigSchema = z.object({
  base_domain: z.string(),
  environment: z.string(),
  idle_timeout_minutes: z.number(),
  /** The largest file an upload may be (tus `Upload-Length`), in bytes. */
  upload_max_bytes: z.number(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const configEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/config',
    summary: 'Public settings of this deployment',
    tags: ['system'],
    answer: z.object({ data: publicConfigSchema }),
  }),
};
