import { z } from 'zod';

export const loginRequestSchema = z.object({
  identity: z.string().trim().min(1, 'The username or e-mail field is required.').max(255),
  password: z.string().min(1, 'The password field is required.').max(1024),
  remember: z.union([z.boolean(), z.enum(['0', '1', 'true', 'false'])]).optional(),
  /** Clients outside the browser set this to receive the token in the body (see README). */
  issue_token: z.union([z.boolean(), z.enum(['0', '1', 'true', 'false'])]).optional(),
});

export const authUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  profile_image: z.string().nullable(),
  admin: z.boolean(),
  abilities: z.array(z.string()),
  licences: z.array(z.string()),
  company_id: z.number().int().nullable(),
});

export const authPayloadSchema = z.object({
  /** Only for clients that asked for it (bearer clients); browsers get an HttpOnly cookie. */
  access_token: z.string().optional(),
  remember: z.boolean(),
  expires_at: z.string().nullable(),
  idle_timeout_minutes: z.number().positive().nullable(),
  user: authUserSchema,
});

export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type AuthUser = z.infer<typeof authUserSchema>;
export type AuthPayload = z.infer<typeof authPayloadSchema>;

export const SESSION_COOKIE = 'user_session';
export const REMEMBER_COOKIE = 'remember_session';
export const IDLE_TIMEOUT_MINUTES = 30;
export const REMEMBER_DAYS = 365;
