import { describe, expect, it } from 'vitest';
import { afterCreate } from './after-create.logic.ts';

describe('afterCreate', () => {
  it('returns to the record the form was opened from', () => {
    expect(afterCreate('/projects/overview/7', '/projects/models/overview/31')).toBe('/projects/overview/7');
  });

  it('opens the new record when the form was opened from a list', () => {
    expect(afterCreate(null, '/libraries/12')).toBe('/libraries/12');
  });
});
