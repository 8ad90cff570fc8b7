import { z } from 'zod';

/** Record ids are PostgreSQL `integer`s: 1 to 2³¹ − 1. */
export const MAX_ID = 2_147_483_647;

/** Every id a request names, in a path, a query, a filter or a body: a whole number from 1 to MAX_ID. */
export const idSchema = z.coerce
  .number({ error: 'Must be a whole number.' })
  .int('Must be a whole number.')
  .min(1, 'Must be 1 or more.')
  .max(MAX_ID, `Must be at most ${MAX_ID}.`);

/** `/things/:id` */
export const idParamsSchema = z.object({ id: idSchema });

/** `/materials/:name`: the material name is its identifier; it arrives URL-encoded (content.md §2). */
export const materialNameParamsSchema = z.object({ name: z.string().min(1).max(255) });
