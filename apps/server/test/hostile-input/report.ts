import { isRecord } from './operations.ts';
import type { RawAnswer } from './raw-client.ts';

export const SLOW_MS = 2000;

export interface Failure {
  problem: string;
  label: string;
  detail: string;
  operation: string;
  /** The request in words: method, raw path, host, who, content type, body excerpt. */
  request: string;
  answer: string;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isStringArray = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * What is wrong with an answer: a 5xx, an error body that is not the documented shape, slowness,
 * or (when `mustRefuse`) a 2xx to a request the plain version of which is refused.
 */
export function problemsOf(answer: RawAnswer, mustRefuse: boolean): string[] {
  if ('error' in answer) return [`no answer (${answer.error.replace(/\d+ ms/, 'n ms')})`];
  const problems: string[] = [];
  const { status } = answer;
  if (status >= 500) problems.push(`${status} answer`);
  else if (status >= 400) {
    const body = answer.contentType.includes('application/json') ? parseJson(answer.text) : undefined;
    if (!isRecord(body) || typeof body.message !== 'string') problems.push(`${status} without {message: string}`);
    else if (status === 422) {
      const { errors } = body;
      if (!isRecord(errors) || !Object.values(errors).every(isStringArray)) {
        problems.push('422 without {errors: {field: string[]}}');
      }
    }
  } else if (status < 300 && mustRefuse) {
    problems.push(`${status} to a request whose plain form is refused (access bypass)`);
  }
  if (answer.ms > SLOW_MS) problems.push(`slower than ${SLOW_MS} ms`);
  return problems;
}

/** What is wrong with the answer to a body at a request limit: anything but a 4xx, within `withinMs`. */
export function limitProblemsOf(answer: RawAnswer, withinMs: number): string[] {
  if ('error' in answer) return [];
  const problems: string[] = [];
  if (answer.status < 400) problems.push(`${answer.status} to a body past a request limit`);
  if (answer.ms > withinMs) problems.push(`refused after ${withinMs} ms`);
  return problems;
}

export function excerpt(answer: RawAnswer): string {
  if ('error' in answer) return answer.error;
  return `${answer.status} ${answer.text.slice(0, 200)}`;
}

/** Failures grouped by problem and kind of input, most frequent first, as readable text. */
export function describeFailures(failures: Failure[]): { causes: number; text: string } {
  const groups = new Map<string, Failure[]>();
  for (const failure of failures) {
    const key = `${failure.problem} ← ${failure.label}`;
    groups.set(key, [...(groups.get(key) ?? []), failure]);
  }
  const sorted = [...groups.entries()].sort((a, b) => b[1].length - a[1].length);
  const lines: string[] = [];
  sorted.forEach(([key, group], index) => {
    const operations = [...new Set(group.map((f) => f.operation))];
    const details = [...new Set(group.map((f) => f.detail))];
    const first = group[0] as Failure;
    lines.push(
      `${index + 1}. ${key}: ${group.length} request(s) on ${operations.length} operation(s)`,
      `   operations: ${operations.slice(0, 8).join(', ')}${operations.length > 8 ? ', …' : ''}`,
      `   inputs: ${details
        .slice(0, 4)
        .map((d) => JSON.stringify(d))
        .join(' | ')}`,
      `   e.g. ${first.request}`,
      `   answer: ${first.answer}`,
    );
  });
  return { causes: sorted.length, text: lines.join('\n') };
}
