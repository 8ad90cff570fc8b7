import { downloadEndpoints, signInEndpoints } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import { parseUrlencoded } from './body-parsers.ts';
import { checkBodyShape, scanJsonText } from './body-shape.ts';
import { nestFormFields } from './form-fields.ts';
import { HttpError, type ValidationError } from './http-error.ts';
import { multipartLimitsOf, REQUEST_LIMITS } from './request-limits.ts';

/** What `work` throws (or null), and how long it took. */
function timed(work: () => unknown): { thrown: unknown; ms: number } {
  const started = performance.now();
  let thrown: unknown = null;
  try {
    work();
  } catch (error) {
    thrown = error;
  }
  return { thrown, ms: performance.now() - started };
}

/** The quickest of three runs of `work`, in ms: what it costs, without the machine's noise. */
function quickest(work: () => unknown): number {
  return Math.min(...[0, 1, 2].map(() => timed(work).ms));
}

const statusOf = (thrown: unknown) => (thrown instanceof HttpError ? thrown.statusCode : String(thrown));

describe('form keys nest without recursion, within the depth and name limits', () => {
  it('refuses a key of 10,000 and of 60,000 brackets with 422 (once a stack overflow, then out of memory)', () => {
    for (const levels of [10_000, 60_000]) {
      const { thrown } = timed(() => nestFormFields({ [`identity${'[x]'.repeat(levels)}`]: '1', password: 'x' }));
      expect(statusOf(thrown), `${levels} levels`).toBe(422);
      expect(Object.values((thrown as ValidationError).errors).flat()).toEqual([
        `Field names are at most ${REQUEST_LIMITS.keyLength} characters.`,
      ]);
    }
  });

  it('takes 8 levels and refuses 9', () => {
    expect(nestFormFields({ 'a[b][c][d][e][f][g][h]': '1' })).toEqual({
      a: { b: { c: { d: { e: { f: { g: { h: '1' } } } } } } },
    });
    const { thrown } = timed(() => nestFormFields({ 'a[b][c][d][e][f][g][h][i]': '1' }));
    expect((thrown as ValidationError).errors).toEqual({
      'a[b][c][d][e][f][g][h][i]': [`Fields nest at most ${REQUEST_LIMITS.depth} levels deep.`],
    });
  });

  it('names at most 20 errors, however many keys are wrong, and counts them in its message', () => {
    const flat = Object.fromEntries(Array.from({ length: 1999 }, (_, i) => [`identity[${i + 1000}]`, 'x']));
    const { thrown } = timed(() => nestFormFields(flat));
    expect(Object.keys((thrown as ValidationError).errors)).toHaveLength(REQUEST_LIMITS.validationErrors);
    expect((thrown as ValidationError).message).toMatch(/\(and 19 more errors\)$/);
  });
});

describe('urlencoded bodies are read pair by pair', () => {
  it('keeps repeated keys, `+` as space and malformed escapes', () => {
    expect({ ...parseUrlencoded('a=1&a=2&b=x+y%21&c&&d=%zz') }).toEqual({
      a: ['1', '2'],
      b: 'x y!',
      c: '',
      d: '%zz',
    });
  });

  it('stops at the first pair past the field limit: 413 for 400,000 keys without walking them all', () => {
    const body = Array.from({ length: 400_000 }, (_, i) => `k${i}=1`).join('&');
    expect(statusOf(timed(() => parseUrlencoded(body)).thrown)).toBe(413);
    // Cheaper than merely splitting the whole body, which any parser that walks it does at least.
    expect(quickest(() => parseUrlencoded(body))).toBeLessThan(quickest(() => body.split('&')));
    expect(Object.keys(parseUrlencoded('k=1&'.repeat(REQUEST_LIMITS.fields)))).toEqual(['k']);
  });
});

describe('JSON bodies are judged before and after parsing', () => {
  it('refuses 1.2 million ids by their count before JSON.parse builds them', () => {
    const text = JSON.stringify({ action: 'archive', libraries: Array.from({ length: 1_200_000 }, (_, i) => i) });
    expect(statusOf(timed(() => scanJsonText(text)).thrown)).toBe(413);
    // It stops at the limit: a fraction of what JSON.parse would cost on the whole text.
    expect(quickest(() => scanJsonText(text))).toBeLessThan(quickest(() => JSON.parse(text)) / 4);
  });

  it('refuses 60,000 nested lists, and counts empty lists and objects as values', () => {
    expect(statusOf(timed(() => scanJsonText(`{"a":${'['.repeat(60_000)}${']'.repeat(60_000)}}`)).thrown)).toBe(422);
    expect(statusOf(timed(() => scanJsonText(`[${'{},'.repeat(REQUEST_LIMITS.fields)}{}]`)).thrown)).toBe(413);
    expect(statusOf(timed(() => scanJsonText('{"a":"b\\\\","c":[1,{"d":null}],"e":"\\"]]]"}')).thrown)).toBe('null');
  });

  it('judges a list by its length before its entries, and names the field of each excess', () => {
    const ids = Array.from({ length: REQUEST_LIMITS.arrayLength + 1 }, () => ({ id: 'not even a number' }));
    const { thrown } = timed(() => checkBodyShape({ action: 'archive', libraries: ids }));
    expect((thrown as ValidationError).errors).toEqual({
      libraries: [`At most ${REQUEST_LIMITS.arrayLength} entries.`],
    });
    const deep = timed(() => checkBodyShape({ a: [[[[[[[[1]]]]]]]] })).thrown as ValidationError;
    expect(deep.errors).toEqual({ 'a.0.0.0.0.0.0.0': [`Fields nest at most ${REQUEST_LIMITS.depth} levels deep.`] });
    expect(timed(() => checkBodyShape({ a: [[[[[[[1]]]]]]] })).thrown).toBeNull();
    const long = timed(() => checkBodyShape({ ['k'.repeat(REQUEST_LIMITS.keyLength + 1)]: 1 })).thrown;
    expect(statusOf(long)).toBe(422);
  });
});

describe('multipart limits come from the body a route declares', () => {
  it('takes files only on routes whose body has file fields, up to their declared size', () => {
    expect(multipartLimitsOf(signInEndpoints.login)).toEqual({
      bodyBytes: REQUEST_LIMITS.bodyBytes,
      files: 0,
      fileSize: 0,
    });
    const download = multipartLimitsOf(downloadEndpoints.create);
    expect(download.files).toBe(1);
    expect(download.fileSize).toBe(40 * 1024 * 1024 + REQUEST_LIMITS.fileSlackBytes);
    expect(download.bodyBytes).toBe(REQUEST_LIMITS.bodyBytes + download.fileSize);
  });
});
