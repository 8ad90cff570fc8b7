import { describe, expect, it } from 'vitest';
import {
  endAfterStart,
  fromLocalInput,
  initialMaintenanceValues,
  maintenanceBody,
  maintenanceFormSchema,
  maintenanceMessageKey,
  toLocalInput,
} from './maintenance-form.logic.ts';

describe('maintenance form logic', () => {
  it('converts between datetime-local values and instants both ways', () => {
    const local = '2026-03-04T05:06';
    const iso = fromLocalInput(local);
    expect(iso).toBe(new Date(2026, 2, 4, 5, 6).toISOString());
    expect(toLocalInput(iso as string)).toBe(local);
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('2026-13-45T99:00')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNull();
    expect(toLocalInput('nonsense')).toBe('');
  });

  it('starts a new window at the next full hour for an hour, and fills an edited one', () => {
    const values = initialMaintenanceValues(undefined, new Date(2026, 0, 1, 10, 25));
    expect(values).toEqual({ name: '', description: '', start: '2026-01-01T11:00', end: '2026-01-01T12:00' });
    const start = new Date(2026, 0, 2, 8, 0).toISOString();
    const end = new Date(2026, 0, 2, 9, 30).toISOString();
    const record = {
      id: 1,
      name: 'Up',
      description: null,
      start_datetime: start,
      end_datetime: end,
      created_at: '',
      updated_at: '',
    };
    expect(initialMaintenanceValues(record)).toMatchObject({
      description: '',
      start: '2026-01-02T08:00',
      end: '2026-01-02T09:30',
    });
  });

  it('builds the body and checks that the end comes after the start', () => {
    const values = { name: ' Up ', description: '  ', start: '2026-01-02T08:00', end: '2026-01-02T07:00' };
    expect(maintenanceBody(values)).toMatchObject({ name: 'Up', description: null });
    expect(endAfterStart(values)).toBe(false);
    expect(endAfterStart({ start: '2026-01-02T08:00', end: '2026-01-02T08:01' })).toBe(true);
    expect(endAfterStart({ start: '', end: '2026-01-02T08:01' })).toBe(true);
  });
});

describe('the maintenance form schema', () => {
  const keysOf = (values: { name: string; description: string; start: string; end: string }) => {
    const result = maintenanceFormSchema.safeParse(values);
    if (result.success) return {};
    return Object.fromEntries(
      result.error.issues.map((issue) => {
        const field = String(issue.path[0]);
        const blank = String(values[field as keyof typeof values]).trim() === '';
        return [field, maintenanceMessageKey(field, issue.code, blank)];
      }),
    );
  };
  const window = { name: 'Upgrade', description: '', start: '2030-01-02T10:00', end: '2030-01-02T11:00' };

  it('asks for a name and readable times, and an end after the start', () => {
    expect(keysOf(window)).toEqual({});
    expect(keysOf({ ...window, name: ' ', start: '' })).toEqual({
      name: 'form.errors.required',
      start: 'form.errors.required',
    });
    expect(keysOf({ ...window, end: '2030-01-02T25:99' })).toEqual({ end: 'form.errors.dateTime' });
    expect(keysOf({ ...window, end: '2030-01-02T09:00' })).toEqual({ end: 'form.errors.endAfterStart' });
  });
});
