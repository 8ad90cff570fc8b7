import type { MyCompany } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import {
  cleanColorInput,
  initialValues,
  isHexColor,
  myCompanyErrorField,
  myCompanyFormSchema,
  previewableColors,
  saveBody,
} from './my-company-form.logic.ts';

const company = (over: Partial<MyCompany> = {}): MyCompany => ({
  id: 1,
  name: 'Acme',
  sub_domain: 'acme',
  logo: null,
  colors: { primary_color: '#B4441C', primary_accent: '#F2C14E' },
  theme: { primary_color: '#B4441C', primary_accent: '#F2C14E' },
  address: null,
  postal_code: null,
  country: null,
  city: 'Amsterdam',
  phone_number: null,
  website: null,
  description: null,
  autodesk_integration: 'no',
  background_image: null,
  custom_colors: { primary_color: '#B4441C', primary_accent: '#F2C14E' },
  demo_model: null,
  ...over,
});

describe('my company form', () => {
  it('accepts hex colours of 3, 4, 6 or 8 digits only', () => {
    expect(['#abc', 'abcd', '#A1B2C3', '#a1b2c3d4'].map(isHexColor)).toEqual([true, true, true, true]);
    expect(['#ab', '#abcde', '#abcdefg', 'red', '#a1b2c3d4e'].map(isHexColor)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(cleanColorInput('#zz12-34abcdef99')).toBe('#1234abcd');
  });

  it('brings back the last custom colours, or the fallbacks, when the company uses default', () => {
    const stored = initialValues(
      company({
        colors: { primary_color: 'default', primary_accent: 'default' },
        custom_colors: { primary_color: '#123456', primary_accent: '#654321' },
      }),
    );
    expect([stored.color_mode, stored.primary_color, stored.primary_accent]).toEqual(['default', '#123456', '#654321']);
    const fallback = initialValues(
      company({ colors: { primary_color: 'default', primary_accent: 'default' }, custom_colors: undefined }),
    );
    expect([fallback.primary_color, fallback.primary_accent]).toEqual(['#634196', '#C4A1F9']);
  });

  it('previews only complete colours and sends the Autodesk choice only for admins', () => {
    const values = initialValues(company());
    expect(previewableColors({ ...values, primary_color: '#12' })).toBeNull();
    expect(previewableColors({ ...values, color_mode: 'default' })).toEqual({
      primary_color: 'default',
      primary_accent: 'default',
    });
    expect(saveBody(values, false)).not.toHaveProperty('autodesk_integration');
    expect(saveBody(values, true)).toMatchObject({ autodesk_integration: 'no', demo_model_id: '' });
  });
});

describe('the my-company form schema', () => {
  const pathsOf = (values: ReturnType<typeof initialValues>) => {
    const result = myCompanyFormSchema.safeParse(values);
    return result.success ? [] : result.error.issues.map((issue) => issue.path[0]);
  };
  it('checks the colours only in the custom mode, on their own fields', () => {
    const values = { ...initialValues(company()), color_mode: 'custom' as const, primary_color: '#12' };
    expect(pathsOf(values)).toEqual(['primary_color']);
    expect(pathsOf({ ...values, color_mode: 'default' })).toEqual([]);
    expect(pathsOf({ ...values, name: ' ' })).toContain('name');
  });
  it('refuses "not-a-colour" as typed: the input keeps its hex characters, too few for a colour', () => {
    const typed = cleanColorInput('not-a-colour');
    expect(typed).toBe('#ac');
    const values = { ...initialValues(company()), color_mode: 'custom' as const, primary_accent: typed };
    expect(pathsOf(values)).toEqual(['primary_accent']);
  });
  it('places colours.* answers under the colour fields', () => {
    expect(myCompanyErrorField('colors.primary_accent', ['name'])).toBe('primary_accent');
    expect(myCompanyErrorField('name', ['name'])).toBe('name');
    expect(myCompanyErrorField('colors', ['name'])).toBeNull();
  });
});
