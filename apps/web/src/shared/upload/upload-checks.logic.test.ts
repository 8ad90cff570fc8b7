import { describe, expect, it } from 'vitest';
import {
  problemOfServerMessage,
  serverMessage,
  uploadAccept,
  uploadFailure,
  uploadIdFromUrl,
  uploadMimeType,
  uploadProblem,
} from './upload-checks.logic.ts';

describe('uploadProblem', () => {
  it('refuses a name the purpose does not take, before the size', () => {
    expect(uploadProblem('model', { name: 'notes.txt', size: 10 }, 100)).toBe('invalidType');
    expect(uploadProblem('model', { name: 'notes.txt', size: 1000 }, 100)).toBe('invalidType');
    expect(uploadProblem('model', { name: 'spider.mtl', size: 10 }, 100)).toBe('invalidType');
    expect(uploadProblem('material_map', { name: 'box.fbx', size: 10 }, 100)).toBe('invalidType');
  });
  it('refuses a file above the maximum, takes one at it', () => {
    expect(uploadProblem('model', { name: 'box.FBX', size: 101 }, 100)).toBe('tooLarge');
    expect(uploadProblem('model', { name: 'box.fbx', size: 100 }, 100)).toBeNull();
    expect(uploadProblem('material_package', { name: 'oak.matz', size: 1 }, 100)).toBeNull();
    expect(uploadProblem('material_map', { name: 'albedo.jpeg', size: 1 }, 100)).toBeNull();
  });
  it('gives the chooser the purpose extensions', () => {
    expect(uploadAccept('material_package')).toBe('.zip,.matz');
    expect(uploadAccept('model').split(',')).toContain('.fbx');
  });
});

describe('uploadMimeType', () => {
  it('sends fbx and other 3D files as octet-stream, zips as zip', () => {
    expect(uploadMimeType('spider.fbx')).toBe('application/octet-stream');
    expect(uploadMimeType('box.obj')).toBe('application/octet-stream');
    expect(uploadMimeType('pack.zip')).toBe('application/zip');
    expect(uploadMimeType('Oak.MATZ')).toBe('application/zip');
    expect(uploadMimeType('albedo.JPG')).toBe('image/jpeg');
    expect(uploadMimeType('map.tga')).toBe('application/octet-stream');
  });
});

describe('uploadIdFromUrl', () => {
  it('takes the last segment of the Location', () => {
    const id = '0123456789abcdef0123456789abcdef';
    expect(uploadIdFromUrl(`http://hatch-acme.meshport.localhost:8080/v2/uploads/${id}`)).toBe(id);
    expect(uploadIdFromUrl(`/v2/uploads/${id}/`)).toBe(id);
    expect(uploadIdFromUrl(`/v2/uploads/${id}?x=1`)).toBe(id);
  });
});

describe('server refusals', () => {
  it('reads the message of a JSON body', () => {
    expect(serverMessage('{"message":"File is too large","errors":{"file":["File is too large"]}}')).toBe(
      'File is too large',
    );
    expect(serverMessage('{"errors":{"filename":["The file name is required."]}}')).toBe('The file name is required.');
    expect(serverMessage('not json')).toBeNull();
    expect(serverMessage(null)).toBeNull();
  });
  it('maps the server texts to the field problems', () => {
    expect(problemOfServerMessage('File is too large')).toBe('tooLarge');
    expect(problemOfServerMessage('File is of invalid type')).toBe('invalidType');
    expect(problemOfServerMessage('Something else')).toBeNull();
  });
  it('tells refusals from interruptions', () => {
    expect(uploadFailure(415, '{"message":"File is of invalid type"}')).toEqual({
      kind: 'refused',
      problem: 'invalidType',
      message: 'File is of invalid type',
    });
    expect(uploadFailure(413, '{"message":"Quota"}')).toMatchObject({ kind: 'refused', problem: 'tooLarge' });
    expect(uploadFailure(422, '{"message":"Bad name"}')).toMatchObject({
      kind: 'refused',
      problem: null,
      message: 'Bad name',
    });
    expect(uploadFailure(undefined, null)).toEqual({ kind: 'interrupted', message: null });
    expect(uploadFailure(503, '{"message":"Down"}')).toEqual({ kind: 'interrupted', message: 'Down' });
    expect(uploadFailure(409, null).kind).toBe('interrupted');
    expect(uploadFailure(403, '{"message":"No"}').kind).toBe('refused');
  });
});
