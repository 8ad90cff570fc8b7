import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/api-client.ts';
import { idleMinutes } from './auth.provider.tsx';
import { loginErrorView } from './login-error.logic.ts';

describe('loginErrorView (shell.md §8)', () => {
  it('maps statuses to the catalogue', () => {
    expect(loginErrorView(new ApiError(401, {})).key).toBe('errors.invalidCredentials');
    expect(loginErrorView(new ApiError(400, {})).key).toBe('errors.invalidCredentials');
    expect(loginErrorView(new ApiError(503, {})).key).toBe('errors.unavailable');
    expect(loginErrorView(new ApiError(500, {})).key).toBe('errors.invalidInput');
    expect(loginErrorView(new ApiError(0, {})).key).toBe('errors.noResponse');
  });
  it('shows the server message on 429 and field errors on 422', () => {
    expect(loginErrorView(new ApiError(429, { message: 'Wait a minute' })).text).toBe('Wait a minute');
    expect(loginErrorView(new ApiError(422, { errors: { identity: ['Too long'] } })).fieldErrors).toEqual({
      identity: ['Too long'],
    });
  });
});

describe('idleMinutes', () => {
  const payload = {
    remember: false,
    expires_at: null,
    idle_timeout_minutes: 2,
    user: {
      id: 1,
      name: 'A',
      username: 'a',
      email: 'a@b.c',
      profile_image: null,
      admin: false,
      abilities: [],
      licences: [],
      company_id: 1,
    },
  };
  it('uses the server-supplied timeout and is off with remember-me', () => {
    expect(idleMinutes(payload, false)).toBe(2);
    expect(idleMinutes({ ...payload, idle_timeout_minutes: null }, false)).toBe(30);
    expect(idleMinutes(payload, true)).toBeNull();
    expect(idleMinutes({ ...payload, remember: true }, false)).toBeNull();
    expect(idleMinutes(null, false)).toBeNull();
  });
});
