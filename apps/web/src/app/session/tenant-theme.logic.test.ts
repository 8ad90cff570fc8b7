import { describe, expect, it } from 'vitest';
import { brandCssVariables, effectiveColors, shadesOf } from './tenant-theme.logic.ts';

describe('tenant theme', () => {
  it('applies the platform defaults when the accent is default', () => {
    expect(effectiveColors({ primary_color: '#112233', primary_accent: 'default' }, 'customerportal')).toEqual({
      primary_color: '#634196',
      primary_accent: '#7C6B9C80',
    });
    expect(effectiveColors(null, 'hatch').primary_color).toBe('#275953');
  });
  it('keeps the tenant colours otherwise', () => {
    const colors = { primary_color: '#1d4ed8', primary_accent: '#93c5fd' };
    expect(effectiveColors(colors, 'hatch')).toEqual(colors);
  });
  it('exposes the primary colour as an RGB triplet and both platform sets', () => {
    const variables = brandCssVariables({ primary_color: '#275953', primary_accent: '#6E9C9780' });
    expect(variables['--primary-rgb']).toBe('39, 89, 83');
    expect(variables['--platform-customerportal-primary']).toBe('#634196');
  });
  it('puts the brand colour at shade 6', () => {
    expect(shadesOf('#275953')[6]).toBe('#275953');
  });
});
