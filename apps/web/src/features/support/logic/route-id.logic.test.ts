import { describe, expect, it } from 'vitest';
import { parseRouteId } from './route-id.logic.ts';

describe('parseRouteId', () => {
  it('takes whole numbers from 1 up to the largest id only', () => {
    expect(parseRouteId('7')).toBe(7);
    expect(parseRouteId('2147483647')).toBe(2_147_483_647);
    for (const raw of [undefined, '', '0', '-1', '01', '1.5', 'abc', '2147483648', '1e3']) {
      expect(parseRouteId(raw), String(raw)).toBeNull();
    }
  });
});
