import { ApiError } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import { writeErrorText } from './error-text.logic.ts';
import { fieldMessageKey } from './form-errors.logic.ts';

const texts = { noResponse: 'No Response', fallback: 'Failed' };

describe('writeErrorText', () => {
  it("shows the server's message, else its first field message", () => {
    expect(writeErrorText(new ApiError(409, { message: 'Connected to a model.' }), texts)).toBe(
      'Connected to a model.',
    );
    expect(writeErrorText(new ApiError(422, { errors: { name: ['Taken.'] } }), texts)).toBe('Taken.');
  });

  it('says No Response when the server never answered, and falls back otherwise', () => {
    expect(writeErrorText(new ApiError(0, {}), texts)).toBe('No Response');
    expect(writeErrorText(new ApiError(500, {}), texts)).toBe('Failed');
    expect(writeErrorText(new Error('boom'), texts)).toBe('Failed');
  });
});

describe('fieldMessageKey', () => {
  it('maps zod issue codes to the form messages', () => {
    expect(fieldMessageKey('name', 'too_small')).toBe('form.errors.required');
    expect(fieldMessageKey('name', 'too_big')).toBe('form.errors.tooLong');
    expect(fieldMessageKey('name', 'custom')).toBe('form.errors.reserved');
    expect(fieldMessageKey('preview_image', 'too_big')).toBe('form.errors.fileTooLarge');
    expect(fieldMessageKey('preview_image', 'invalid_value')).toBe('form.errors.fileType');
  });
});
