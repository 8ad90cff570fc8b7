import type { ChangelogItem } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import { toFormData } from '@/shared/forms/index.ts';
import {
  type ChangelogFormValues,
  changelogBody,
  changelogFieldErrors,
  changelogFormSchema,
  environmentDate,
  initialChangelogValues,
  shortDate,
} from './changelog-form.logic.ts';

const item: ChangelogItem = {
  id: 3,
  type: 'fixed',
  description: 'Fixed it',
  screenshot: false,
  screenshot_url: null,
  date_on_development: '2026-01-02',
  date_on_test: null,
  date_on_acceptance: '2026-01-05',
  date_on_production: null,
  created_at: '2026-01-02T10:00:00Z',
  updated_at: '2026-01-05T10:00:00Z',
};

describe('changelog form logic', () => {
  it('starts a new item without a type and with only Development ticked; an edit ticks the dated ones', () => {
    expect(initialChangelogValues()).toEqual({
      type: '',
      environments: ['development'],
      description: '',
      screenshot: undefined,
    });
    expect(initialChangelogValues(item)).toMatchObject({ type: 'fixed', environments: ['development', 'acceptance'] });
    expect(environmentDate(item, 'test')).toBeNull();
  });

  it('sends every environment as 1 or 0, and the screenshot as a part', () => {
    const file = new File(['x'], 'shot.png', { type: 'image/png' });
    const data = toFormData(
      changelogBody({ type: 'added', environments: ['test'], description: 'New', screenshot: file }),
    );
    expect(data.get('environments[development]')).toBe('0');
    expect(data.get('environments[test]')).toBe('1');
    expect(data.get('environments[production]')).toBe('0');
    expect(data.get('type')).toBe('added');
    expect((data.get('screenshot') as File).name).toBe('shot.png');
    const kept = toFormData(
      changelogBody({ type: 'added', environments: [], description: 'x', screenshot: undefined }),
    );
    expect(kept.has('screenshot')).toBe(false);
  });

  it('joins the environment errors by commas and keeps one message per other field', () => {
    expect(
      changelogFieldErrors({
        type: ['Required.', 'Other'],
        'environments.test': ['Must be true or false (1 or 0).'],
        environments: ['Choose at least one environment.'],
        screenshot: ['File is of invalid type'],
        _method: ['Odd'],
      }),
    ).toEqual({
      type: 'Required.',
      environments: 'Must be true or false (1 or 0)., Choose at least one environment.',
      screenshot: 'File is of invalid type',
      root: 'Odd',
    });
  });

  it('writes dates in short day-month-year form', () => {
    expect(shortDate('2026-11-23')).toBe('23-11-26');
    expect(shortDate('garbage')).toBe('garbage');
  });
});

describe('the changelog form schema', () => {
  const pathsOf = (values: ChangelogFormValues) => {
    const result = changelogFormSchema.safeParse(values);
    return result.success ? [] : result.error.issues.map((issue) => issue.path[0]);
  };
  it('checks what the form sends against the contract: a type, a description, one environment at least', () => {
    expect(pathsOf(initialChangelogValues(item))).toEqual([]);
    expect(pathsOf({ type: '', environments: [], description: ' ', screenshot: undefined })).toEqual([
      'type',
      'description',
      'environments',
    ]);
  });
});
