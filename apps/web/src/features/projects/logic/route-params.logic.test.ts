import { describe, expect, it } from 'vitest';
import { idParam } from './route-params.logic.ts';

describe('idParam', () => {
  it('reads positive whole numbers only', () => {
    expect(idParam('12')).toBe(12);
    expect(idParam('0')).toBeNull();
    expect(idParam('-3')).toBeNull();
    expect(idParam('1.5')).toBeNull();
    expect(idParam('12abc')).toBeNull();
    expect(idParam(undefined)).toBeNull();
    expect(idParam('9999999999999999999')).toBeNull();
  });
});
