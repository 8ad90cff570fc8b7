import { describe, expect, it } from 'vitest';
import { nameFromFileName } from './file-name.logic.ts';

describe('nameFromFileName', () => {
  it('drops the extension and any folder', () => {
    expect(nameFromFileName('spider.fbx')).toBe('spider');
    expect(nameFromFileName('spider-obj.zip')).toBe('spider-obj');
    expect(nameFromFileName('C:\\models\\box.v2.obj')).toBe('box.v2');
    expect(nameFromFileName('.hidden')).toBe('.hidden');
  });
});
