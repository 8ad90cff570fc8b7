import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/api-client.ts';
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
    expect(result).toEqual({ message: null, fields: ['name', 'labels'], unplaced: [] });
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
      unplaced: [],
    });
    expect(applyServerErrors<Values>(new Error('boom'), ['name'], setError as never, 'Failed').message).toBe('Failed');
    expect(calls).toEqual([]);
  });

  it('focuses the first placed field only', () => {
    const focus: (boolean | undefined)[] = [];
    const setError = (_field: string, _error: unknown, options?: { shouldFocus?: boolean }) => {
      focus.push(options?.shouldFocus);
    };
    const error = new ApiError(422, { message: 'Invalid.', errors: { name: ['A.'], labels: ['B.'] } });
    applyServerErrors<Values>(error, ['name', 'labels'], setError as never, 'Failed');
    expect(focus).toEqual([true, false]);
  });

  it('places by a function from the server key: one field, several, or none', () => {
    const { calls, setError } = recorder();
    type Account = { primary_color: string; password: string; confirmation: string };
    const error = new ApiError(422, {
      message: 'Invalid.',
      errors: { 'colors.primary_color': ['Not a colour.'], password: ['Short.', 'No match.'], other: ['Huh.'] },
    });
    const result = applyServerErrors<Account>(
      error,
      (key, messages) => {
        if (key === 'colors.primary_color') return 'primary_color';
        if (key === 'password') return { password: messages[0], confirmation: messages[1] };
        return null;
      },
      setError as never,
      'Failed',
    );
    expect(calls).toEqual([
      { field: 'primary_color', message: 'Not a colour.' },
      { field: 'password', message: 'Short.' },
      { field: 'confirmation', message: 'No match.' },
    ]);
    expect(result).toEqual({
      message: 'Huh.',
      fields: ['primary_color', 'password', 'confirmation'],
      unplaced: ['Huh.'],
    });
  });
});
