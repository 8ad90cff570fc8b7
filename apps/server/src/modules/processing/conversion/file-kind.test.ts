import { describe, expect, it } from 'vitest';
import { detectUploadKind, MODEL_EXTENSIONS } from './file-kind.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const text = (s: string) => Buffer.from(s, 'utf8');

describe('detectUploadKind', () => {
  it('accepts text formats leniently, even empty', () => {
    expect(detectUploadKind(text('v 0 0 0\nf 1 1 1\n'), 'a.OBJ')).toBe('obj');
    expect(detectUploadKind(Buffer.alloc(0), 'empty.obj')).toBe('obj');
    expect(detectUploadKind(text('<?xml version="1.0"?><COLLADA>'), 'duck.dae')).toBe('dae');
    expect(detectUploadKind(text('{"asset":{}}'), 'm.gltf')).toBe('gltf');
    expect(detectUploadKind(text('; FBX 7.4.0 project file'), 'box.fbx')).toBe('fbx');
  });

  it('checks binary magic strictly', () => {
    expect(detectUploadKind(text('Kaydara FBX Binary  \0\x1a\0'), 'box.fbx')).toBe('fbx');
    expect(detectUploadKind(PNG, 'box.fbx')).toBeNull();
    expect(detectUploadKind(text('not a zip'), 'bundle.zip')).toBeNull();
    expect(detectUploadKind(Buffer.from([0x50, 0x4b, 3, 4, 0]), 'bundle.zip')).toBe('zip');
    expect(detectUploadKind(Buffer.from([0x50, 0x4b, 3, 4, 0]), 'brick.matz')).toBe('zip');
    expect(detectUploadKind(text('glTF\x02\0\0\0'), 'a.glb')).toBe('glb');
    expect(detectUploadKind(PNG, 'a.glb')).toBeNull();
    expect(detectUploadKind(PNG, 'albedo.png')).toBe('image');
    expect(detectUploadKind(PNG, 'albedo.jpg')).toBeNull();
  });

  it('refuses executables, scripts and unknown extensions', () => {
    expect(detectUploadKind(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1]), 'model.stl')).toBeNull();
    expect(detectUploadKind(text('MZ\x90\0'), 'model.obj')).toBeNull();
    expect(detectUploadKind(text('#!/bin/sh\nrm -rf /'), 'model.obj')).toBeNull();
    expect(detectUploadKind(text('v 0 0 0'), 'model.exe')).toBeNull();
    expect(detectUploadKind(text('ply\nformat ascii 1.0'), 'cloud.ply')).toBe('ply');
  });

  it('lists the accepted extensions in lower case with a dot', () => {
    for (const ext of ['.fbx', '.obj', '.zip', '.matz', '.zae', '.tga', '.tiff', '.gif'])
      expect(MODEL_EXTENSIONS).toContain(ext);
    expect(MODEL_EXTENSIONS.every((e) => e.startsWith('.') && e === e.toLowerCase())).toBe(true);
  });
});
