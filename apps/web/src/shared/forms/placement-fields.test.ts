import { projectModelCreateSchema } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { placementBody, placementChanged, placementValues } from './placement-fields.component.tsx';

describe('the units and up axis fields', () => {
  it("show a record's choice, '' for the format's default, and send null for it", () => {
    expect(placementValues()).toEqual({ units: '', up_axis: '' });
    expect(placementValues({ units: 'mm', up_axis: null })).toEqual({ units: 'mm', up_axis: '' });
    expect(placementBody({ units: '', up_axis: 'z' })).toEqual({ units: null, up_axis: 'z' });
  });

  it('tell whether a save changes them (the record is then processed again)', () => {
    expect(placementChanged({ units: '', up_axis: '' }, { units: null, up_axis: null })).toBe(false);
    expect(placementChanged({ units: 'cm', up_axis: '' }, { units: null, up_axis: null })).toBe(true);
    expect(placementChanged({ units: 'cm', up_axis: 'z' }, { units: 'cm', up_axis: 'z' })).toBe(false);
  });

  it("validate with the contract's fields: the four units, the two axes, '' for the default", () => {
    const { units, up_axis } = projectModelCreateSchema.shape;
    const schema = z.object({ units, up_axis });
    expect(schema.safeParse({ units: '', up_axis: '' }).data).toEqual({ units: null, up_axis: null });
    for (const unit of ['mm', 'cm', 'm', 'in']) expect(schema.safeParse({ units: unit }).success).toBe(true);
    expect(schema.safeParse({ units: 'ft' }).success).toBe(false);
    expect(schema.safeParse({ up_axis: 'x' }).success).toBe(false);
  });
});
