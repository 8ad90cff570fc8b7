import { describe, expect, it } from 'vitest';
import { acceptsUpload, uploadExtension, uploadExtensions, uploadKindFromName } from './upload-kinds.ts';

describe('upload kinds', () => {
  it('reads the extension of plain, dotted, Windows and hidden names', () => {
    expect(uploadExtension('Spider.FBX')).toBe('.fbx');
    expect(uploadExtension('a.b.obj')).toBe('.obj');
    expect(uploadExtension('C:\\models\\chair.3ds')).toBe('.3ds');
    expect(uploadExtension('.matz')).toBe('');
    expect(uploadExtension('README')).toBe('');
  });
  it('takes .fbx as FBX and .zip and .matz as zip', () => {
    expect(uploadKindFromName('x.fbx')).toBe('fbx');
    expect(uploadKindFromName('x.zip')).toBe('zip');
    expect(uploadKindFromName('x.matz')).toBe('zip');
    expect(uploadKindFromName('x.exe')).toBeNull();
  });
  it('accepts per purpose: models never a material package, maps only images', () => {
    expect(acceptsUpload('model', 'chair.zip')).toBe(true);
    expect(acceptsUpload('model', 'oak.matz')).toBe(false);
    expect(acceptsUpload('model', 'chair.mtl')).toBe(false);
    expect(acceptsUpload('material_package', 'oak.matz')).toBe(true);
    expect(acceptsUpload('material_package', 'oak.zip')).toBe(true);
    expect(acceptsUpload('material_map', 'oak.TGA')).toBe(true);
    expect(acceptsUpload('material_map', 'oak.obj')).toBe(false);
    expect(uploadExtensions('model')).not.toContain('.png');
  });
});
