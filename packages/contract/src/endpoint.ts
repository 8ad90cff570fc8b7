import { z } from 'zod';
import { type ListQuery, MAX_PER_PAGE, paginationLinksSchema, paginationMetaSchema } from './list.ts';

/** HEAD and OPTIONS: the tus protocol's calls (`/uploads`), which answer in headers. */
export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of the API, defined once: the server's route, the typed client and the
 * OpenAPI document all read it. `path` is under /v2 in route syntax (`/projects/:id`).
 */
export interface Endpoint<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Answer extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: readonly string[];
  params: Params;
  query: Query;
  body: Body;
  /** The answer of `status`. */
  answer: Answer;
  status: number;
  /** Other answers worth documenting (202, or the errors a screen handles: 401, 422 …). */
  otherAnswers: Readonly<Record<number, z.ZodType>>;
  /** Set for lists: what the list engine accepts, for the typed client and generated loads. */
  list: ListDeclaration | null;
  /**
   * What a member's successful call adds to their activity (My Account → Activity): a text with
   * `{param}` placeholders, or false for calls that are not a change of theirs (uploading chunks).
   * Writes without it are logged by their summary.
   */
  activity?: string | false;
}

export interface EndpointInit<
  Params extends z.ZodType | undefined,
  Query extends z.ZodType | undefined,
  Body extends z.ZodType | undefined,
  Answer extends z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: readonly string[];
  params?: Params;
  query?: Query;
  body?: Body;
  answer: Answer;
  status?: number;
  otherAnswers?: Record<number, z.ZodType>;
  activity?: string | false;
}

export function defineEndpoint<
  Answer extends z.ZodType,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
>(init: EndpointInit<Params, Query, Body, Answer>): Endpoint<Params, Query, Body, Answer> {
  return {
    method: init.method,
    path: init.path,
    summary: init.summary,
    tags: init.tags,
    params: init.params as Params,
    query: init.query as Query,
    body: init.body as Body,
    answer: init.answer,
    status: init.status ?? 200,
    otherAnswers: init.otherAnswers ?? {},
    list: null,
    ...(init.activity === undefined ? {} : { activity: init.activity }),
  };
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
export type ParamsOf<E extends Endpoint> = Infer<E['params']>;
export type QueryOf<E extends Endpoint> = Infer<E['query']>;
export type BodyOf<E extends Endpoint> = Infer<E['body']>;
export type AnswerOf<E extends Endpoint> = z.infer<E['answer']>;

// ---------------------------------------------------------------------------------------------
// Lists

/** What a list declares beside its row: the engine's query vocabulary (shell.md §7). */
export interface ListDeclaration<
  Filters extends Record<string, z.ZodType> = Record<string, z.ZodType>,
  ExtraQuery extends Record<string, z.ZodType> = Record<string, z.ZodType>,
> {
  /** Every field a row may carry, default or opt-in: the row schema's keys. */
  fields: readonly string[];
  sorts: readonly string[];
  filters: Filters;
  /** List-specific query parameters beside the shared ones (`include_sub_projects`, …). */
  extraQuery: ExtraQuery;
  /** Whether `trashed=1` reads a recycle bin. */
  trashed: boolean;
}

const flag = z.enum(['1', '0', 'true', 'false']);
const fieldList = z.string().describe('Comma-separated field names');

/** The shared list query on the wire, with this list's filters as `filter[name]`. */
function listQuerySchema(declaration: ListDeclaration<Record<string, z.ZodType>, Record<string, z.ZodType>>) {
  const sortValues = declaration.sorts.flatMap((field) => [field, `-${field}`]);
  const shape: Record<string, z.ZodType> = {
    page: z.coerce.number().int().min(1).optional(),
    per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).optional(),
    sort: (sortValues.length
      ? z.string().describe(`One or more of ${sortValues.join(', ')}, comma-separated`)
      : z.string()
    ).optional(),
    included_fields: fieldList.optional(),
    excluded_fields: fieldList.optional(),
    count: flag.optional(),
  };
  if (declaration.trashed) shape.trashed = flag.optional();
  for (const [name, schema] of Object.entries(declaration.filters)) shape[`filter[${name}]`] = schema.optional();
  for (const [name, schema] of Object.entries(declaration.extraQuery)) shape[name] = schema.optional();
  return z.object(shape);
}

/** A page of a list: `data`, `meta`, `links` and the list's own extra keys (`meta_data`). */
export type ListPage<Row, Extra> = {
  data: Row[];
  meta: z.infer<typeof paginationMetaSchema>;
  links: z.infer<typeof paginationLinksSchema>;
} & Extra;

/** The answer of a list called with `count=1`. */
export const listCountAnswerSchema = z.object({ data: z.object({ count: z.number().int() }) });
export type ListCountAnswer = z.infer<typeof listCountAnswerSchema>;

/**
 * A list's row as a query may shape it: any field left out, and of an object field any part
 * (`excluded_fields=latest_geometry_event.message`), while no unknown field passes.
 */
function selectableRow(row: z.ZodObject): z.ZodObject {
  const shape = Object.fromEntries(
    Object.entries(row.shape).map(([name, field]) => [name, field instanceof z.ZodObject ? field.partial() : field]),
  );
  return z.object(shape).partial().strict();
}

/**
 * A list's page. Rows carry the default fields unless the query names others, so the schema
 * checks each row as a strict partial (no unknown field, every present field of its type);
 * the type gives callers the whole row, which the default fields are.
 */
export function listPageSchema<Row extends z.ZodObject, Extra extends z.ZodRawShape>(
  row: Row,
  extra: Extra,
): z.ZodType<ListPage<z.infer<Row>, z.infer<z.ZodObject<Extra>>>> {
  return z.object({
    data: z.array(selectableRow(row)),
    meta: paginationMetaSchema,
    links: paginationLinksSchema,
    ...extra,
  }) as z.ZodType<ListPage<z.infer<Row>, z.infer<z.ZodObject<Extra>>>>;
}

export interface ListEndpointInit<
  Row extends z.ZodObject,
  Extra extends z.ZodRawShape,
  Params extends z.ZodType | undefined,
  Filters extends Record<string, z.ZodType>,
  ExtraQuery extends Record<string, z.ZodType>,
> {
  path: string;
  summary: string;
  tags: readonly string[];
  params?: Params;
  row: Row;
  /** Row fields, or a nested one (`company.name`). */
  sorts: readonly ((keyof z.infer<Row> & string) | `${keyof z.infer<Row> & string}.${string}`)[];
  filters?: Filters;
  extraQuery?: ExtraQuery;
  /** Answer keys beside `data`, `meta` and `links` (`meta_data`). */
  extraAnswer?: Extra;
  trashed?: boolean;
}

export type ListEndpoint<
  Row extends z.ZodObject = z.ZodObject,
  Extra extends z.ZodRawShape = z.ZodRawShape,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Filters extends Record<string, z.ZodType> = Record<string, z.ZodType>,
  ExtraQuery extends Record<string, z.ZodType> = Record<string, z.ZodType>,
> = Omit<
  Endpoint<Params, z.ZodObject, undefined, z.ZodType<ListPage<z.infer<Row>, z.infer<z.ZodObject<Extra>>>>>,
  'list'
> & {
  list: ListDeclaration<Filters, ExtraQuery>;
  row: Row;
};

/** A GET list served by the list engine: the row schema, its sorts and its filters. */
export function defineListEndpoint<
  Row extends z.ZodObject,
  Extra extends z.ZodRawShape = Record<never, never>,
  Params extends z.ZodType | undefined = undefined,
  Filters extends Record<string, z.ZodType> = Record<never, never>,
  ExtraQuery extends Record<string, z.ZodType> = Record<never, never>,
>(
  init: ListEndpointInit<Row, Extra, Params, Filters, ExtraQuery>,
): ListEndpoint<Row, Extra, Params, Filters, ExtraQuery> {
  const declaration: ListDeclaration<Filters, ExtraQuery> = {
    fields: Object.keys(init.row.shape),
    sorts: init.sorts,
    filters: init.filters ?? ({} as Filters),
    extraQuery: init.extraQuery ?? ({} as ExtraQuery),
    trashed: init.trashed ?? false,
  };
  return {
    method: 'GET',
    path: init.path,
    summary: init.summary,
    tags: init.tags,
    params: init.params as Params,
    query: listQuerySchema(declaration),
    body: undefined,
    answer: listPageSchema(init.row, init.extraAnswer ?? ({} as Extra)),
    status: 200,
    otherAnswers: {},
    list: declaration,
    row: init.row,
  };
}

/** The fields a single-record read may name, as lists do (`included_fields=a,b`). */
export const recordQuerySchema = z.object({
  included_fields: fieldList.optional(),
  excluded_fields: fieldList.optional(),
});

/**
 * One record of a list's resource: `{ data: row }` with the default fields unless asked
 * otherwise (checked as a strict partial, typed as the whole row, as list rows are).
 */
export function recordAnswerSchema<Row extends z.ZodObject, Extra extends z.ZodRawShape>(
  row: Row,
  extra: Extra,
): z.ZodType<{ data: z.infer<Row> } & z.infer<z.ZodObject<Extra>>> {
  return z.object({ data: row.partial().strict(), ...extra }) as z.ZodType<
    { data: z.infer<Row> } & z.infer<z.ZodObject<Extra>>
  >;
}

/**
 * What the typed client takes for a list: the shared query with this list's filters. `count`
 * is asked through the client's `count`, which answers a number.
 */
export type ListInputQuery<E extends ListEndpoint> = Omit<ListQuery, 'filter' | 'sort' | 'count'> & {
  filter?: Partial<Record<keyof E['list']['filters'] & string, string>>;
  sort?: string;
} & Partial<Record<keyof E['list']['extraQuery'] & string, string | number | boolean>>;

export function isListEndpoint(endpoint: Endpoint | ListEndpoint): endpoint is ListEndpoint {
  return endpoint.list !== null;
}

/** `/projects/:id` with `{ id: 7 }` → `/projects/7`; every value is percent-encoded. */
export function endpointPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
