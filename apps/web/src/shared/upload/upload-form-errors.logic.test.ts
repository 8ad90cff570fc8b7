import { ApiError } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import { formErrorsOf, nameFromFileName } from './upload-form-errors.logic.ts';

const FIELDS = { name: 'name', upload_id: 'file', project_id: 'project', libraries: 'libraries' } as const;

describe('formErrorsOf', () => {
  it('places 422 messages under the form fields', () => {
    const error = new ApiError(422, {
      message: 'Invalid',
      errors: { upload_id: ['Must be the id of a finished upload.'], 'libraries.0': ['No such library.'] },
    });
    expect(formErrorsOf(error, FIELDS, 'Failed')).toEqual({
      fields: { file: 'Must be the id of a finished upload.', libraries: 'No such library.' },
      message: null,
    });
  });
  it('answers a banner text for what no field takes and for other failures', () => {
    const error = new ApiError(422, { message: 'Invalid', errors: { other: ['Odd.'], name: ['Required.'] } });
    expect(formErrorsOf(error, FIELDS, 'Failed')).toEqual({ fields: { name: 'Required.' }, message: 'Odd.' });
    expect(formErrorsOf(new ApiError(409, { message: 'Busy.' }), FIELDS, 'Failed')).toEqual({
      fields: {},
      message: 'Busy.',
    });
    expect(formErrorsOf(new Error('x'), FIELDS, 'Failed')).toEqual({ fields: {}, message: 'Failed' });
  });
});

describe('nameFromFileName', () => {
  it('drops the extension and any folder', () => {
    expect(nameFromFileName('spider.fbx')).toBe('spider');
    expect(nameFromFileName('spider-obj.zip')).toBe('spider-obj');
    expect(nameFromFileName('C:\\models\\box.v2.obj')).toBe('box.v2');
    expect(nameFromFileName('.hidden')).toBe('.hidden');
  });
});
