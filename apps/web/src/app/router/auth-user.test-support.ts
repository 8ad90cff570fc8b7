import type { AuthUser } from '@meshport/contract';

/** A signed-in member for the router's tests: an editor of company 1 with the hatch licence. */
export const testUser = (overrides: Partial<AuthUser> = {}): AuthUser => ({
  id: 1,
  name: 'Erin Editor',
  username: 'editor',
  email: 'editor@example.test',
  profile_image: null,
  admin: false,
  abilities: ['view-projects'],
  licences: ['hatch'],
  company_id: 1,
  ...overrides,
});
