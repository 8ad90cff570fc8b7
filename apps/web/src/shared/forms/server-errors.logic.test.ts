import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-client.ts';
import { applyServerErrors, fieldOf } from './server-errors.logic.ts';

type Values = { name: string; labels: number[] };

function recorder() {
  const calls: { field: string; message: string | undefined }[] = [];
  const setError = (field: string, error: { message?: string }) => {
    calls.push({ field, message: error.message });
  };
  return { calls, setError };
}

describe('server 422 errors on a form', () => {
  it('maps nested keys to their field', () => {
    expect(fieldOf('labels.0')).toBe('labels');
    expect(fieldOf('libraries[0][id]')).toBe('libraries');
    expect(fieldOf('name')).toBe('name');
  });

  it('puts each message under its field and asks for no banner', () => {
    const { calls, setError } = recorder();
    const error = new ApiError(422, {
      message: 'The given data was invalid.',
      errors: { name: ['Required.', 'Second.'], 'labels.1': ['Must be a list of ids.'] },
    });
    const result = applyServerErrors<Values>(error, ['name', 'labels'], setError as never, 'Failed');
    expect(calls).toEqual([
      { field: 'name', message: 'Required.' },
      { field: 'labels', message: 'Must be a list of ids.' },
    ]);
    expect(result).toEqual({ message: null, fields: ['name', 'labels'] });
  });

  it('answers a banner text for what no field takes and for other failures', () => {
    const { calls, setError } = recorder();
    const unknownField = new ApiError(422, { message: 'Invalid.', errors: { status: ['Must be one of …'] } });
    expect(applyServerErrors<Values>(unknownField, ['name'], setError as never, 'Failed').message).toBe(
      'Must be one of …',
    );
    expect(
      applyServerErrors<Values>(new ApiError(409, { message: 'Taken' }), ['name'], setError as never, 'F'),
    ).toEqual({
      message: 'Taken',
      fields: [],
    });
    expect(applyServerErrors<Values>(new Error('boom'), ['name'], setError as never, 'Failed').message).toBe('Failed');
    expect(calls).toEqual([]);
  });
});
