import { idSchema } from '@meshport/contract';
import { type Column, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineFilter } from './list-resource.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `filter[search]`: a case-insensitive substring of any of the columns. */
export function searchFilter(columns: (Column | SQL)[]) {
  return defineFilter({
    schema: z.string().trim().min(1, 'The search term may not be empty.').max(200, 'The search term is too long.'),
    where: (term: string) => or(...columns.map((column) => sql`${column} ilike ${`%${escapeLike(term)}%`}`)),
    scattered: true,
  });
}

/** A filter on one of a fixed set of values; several may be given comma-separated. */
export function enumFilter<T extends string>(column: Column | SQL, values: readonly [T, ...T[]]) {
  const one = z.enum(values, { error: () => `Must be one of: ${values.join(', ')}.` });
  return defineFilter({
    schema: z
      .string()
      .transform((text) => text.split(',').map((part) => part.trim()))
      .pipe(z.array(one).min(1)),
    where: (chosen: T[]) =>
      sql`${column} in (${sql.join(
        chosen.map((value) => sql`${value}`),
        sql`, `,
      )})`,
  });
}

/** A filter on a whole-number id. */
export function idFilter(column: Column | SQL) {
  return defineFilter({
    schema: idSchema,
    where: (id: number) => sql`${column} = ${id}`,
  });
}
