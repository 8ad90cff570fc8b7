import { describe, expect, it } from 'vitest';
import { rowTarget, viewAllTarget } from './search-targets.logic.ts';

const row = { id: 7, name: 'Oak & Walnut', description: null, updated_at: '2026-01-01T00:00:00Z' };
const everything = () => true;
const nothing = () => false;

describe('rowTarget', () => {
  it('links only to screens that exist', () => {
    expect(rowTarget('projects', row, { admin: false, abilities: [] }, everything)).toEqual({
      to: '/projects/overview/7',
    });
    expect(rowTarget('projects', row, { admin: false, abilities: [] }, nothing)).toBeNull();
  });
  it('respects the Needs column', () => {
    expect(rowTarget('users', row, { admin: false, abilities: ['view-system-users'] }, everything)).toBeNull();
    expect(rowTarget('users', row, { admin: false, abilities: ['update-users'] }, everything)).toEqual({
      to: '/security/users/edit/7',
    });
    expect(rowTarget('roles', row, { admin: true, abilities: [] }, everything)?.to).toBe('/security/roles/edit/7');
  });
  it('encodes material names and carries the library name', () => {
    expect(rowTarget('materials', row, { admin: true, abilities: [] }, everything)?.to).toBe(
      '/materials/overview/Oak%20%26%20Walnut',
    );
    expect(rowTarget('libraries', row, { admin: true, abilities: [] }, everything)).toEqual({
      to: '/libraries/7',
      state: { name: 'Oak & Walnut' },
    });
  });
});

describe('viewAllTarget', () => {
  it('names the list of the category when its screen exists', () => {
    expect(viewAllTarget('projects', 'hatch', everything)).toBe('/projects');
    expect(viewAllTarget('projects', 'hatch', nothing)).toBeNull();
    expect(viewAllTarget('library_items', 'hatch', everything)).toBeNull();
  });
  it('sends models to the processor on hatch only', () => {
    expect(viewAllTarget('models', 'hatch', everything)).toBe('/processor');
    expect(viewAllTarget('models', 'customerportal', everything)).toBeNull();
  });
});
