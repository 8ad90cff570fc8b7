import { describe, expect, it } from 'vitest';
import { dayPart } from './greeting.logic.ts';

describe('dayPart', () => {
  it('uses the cut-offs 12 and 17', () => {
    expect(dayPart(0)).toBe('morning');
    expect(dayPart(11)).toBe('morning');
    expect(dayPart(12)).toBe('afternoon');
    expect(dayPart(16)).toBe('afternoon');
    expect(dayPart(17)).toBe('evening');
    expect(dayPart(23)).toBe('evening');
  });
});
