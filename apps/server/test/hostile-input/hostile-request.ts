import type fc from 'fast-check';
import { fillPath, isRecord, type Operation, plausibleValue } from './operations.ts';

export type Body = { kind: 'bytes'; data: Buffer } | { kind: 'large'; size: number; head: string; tail: string };

/** One request as sent: the path is raw (never normalised), the body raw bytes. */
export interface HostileRequest {
  /** The kind of hostility; failures are grouped by it. */
  label: string;
  /** What exactly was hostile in this one. */
  detail: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Body;
  /** A body at a request limit: it must be refused (4xx) within this many milliseconds. */
  refuseWithinMs?: number;
}

/** What the plain answers taught about an operation: the field names its rows have. */
export interface OperationContext {
  fields: string[];
}

export type Mutation = (operation: Operation, context: OperationContext) => fc.Arbitrary<HostileRequest> | null;

export const JSON_TYPE = 'application/json';
export const bytes = (text: string | Buffer): Body => ({ kind: 'bytes', data: Buffer.from(text) });

export function baseBody(operation: Operation): Record<string, unknown> | null {
  if (!operation.body) return null;
  const value = plausibleValue(operation.body);
  const body = isRecord(value) ? { ...value } : {};
  if (operation.override) body._method = operation.override;
  return body;
}

/** The operation's plain request, with parts of it replaced. */
export function request(
  operation: Operation,
  label: string,
  detail: string,
  parts: Partial<HostileRequest> & { query?: string } = {},
): HostileRequest {
  const body = baseBody(operation);
  const path = parts.path ?? fillPath(operation);
  const headers: Record<string, string> = body && !parts.body ? { 'content-type': JSON_TYPE } : {};
  return {
    label,
    detail,
    method: parts.method ?? operation.method,
    path: parts.query === undefined ? path : `${path}${path.includes('?') ? '&' : '?'}${parts.query}`,
    headers: { ...headers, ...parts.headers },
    body: parts.body ?? (body ? bytes(JSON.stringify(body)) : undefined),
  };
}
