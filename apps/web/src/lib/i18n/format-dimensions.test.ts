import { describe, expect, it } from 'vitest';
import { formatDimensions, lengthSystem } from './format.ts';

describe('formatDimensions', () => {
  const figure = { width: 0.4, depth: 0.3, height: 1.8 };
  const part = { width: 0.0062, depth: 0.008, height: 0.0033 };

  it('writes metres, or millimetres below a metre, in the language', () => {
    expect(formatDimensions(figure, { locale: 'en', system: 'metric' })).toBe('0.4 × 0.3 × 1.8 m');
    expect(formatDimensions(figure, { locale: 'nl', system: 'metric' })).toBe('0,4 × 0,3 × 1,8 m');
    expect(formatDimensions(part, { locale: 'en', system: 'metric' })).toBe('6.2 × 8 × 3.3 mm');
  });

  it('writes feet, or inches below 3 ft, for imperial', () => {
    expect(formatDimensions(figure, { locale: 'en', system: 'imperial' })).toBe('1.31 × 0.98 × 5.91 ft');
    expect(
      formatDimensions({ width: 0.0254, depth: 0.0508, height: 0.254 }, { locale: 'en', system: 'imperial' }),
    ).toBe('1 × 2 × 10 in');
  });

  it('is imperial where the browser says the US, metric elsewhere', () => {
    expect(lengthSystem(['en-US', 'nl'])).toBe('imperial');
    expect(lengthSystem(['en-GB'])).toBe('metric');
    expect(lengthSystem(['nl'])).toBe('metric');
    expect(lengthSystem(['en'])).toBe('imperial');
    expect(lengthSystem([])).toBe('metric');
  });
});
