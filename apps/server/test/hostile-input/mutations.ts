import { bodyField, bodyJson, bodyKeys, contentType, multipartBody } from './body-mutations.ts';
import type { Mutation } from './hostile-request.ts';
import { credentials, pathParameter, pathShape, prototypeQuery, queryShape, queryValue } from './url-mutations.ts';

export { largeBodies } from './body-mutations.ts';
export { type HostileRequest, type OperationContext, request } from './hostile-request.ts';

/** Every kind of hostile request, each an arbitrary per operation (null where it does not apply). */
export const MUTATIONS: Record<string, Mutation> = {
  pathParameter,
  pathShape,
  prototypeQuery,
  queryValue,
  queryShape,
  bodyField,
  bodyKeys,
  bodyJson,
  contentType,
  multipartBody,
  credentials,
};
