import { z } from 'zod';

/** Answer to every forgot-password request, whether or not the address has an account. */
export const PASSWORD_RESET_SENT_MESSAGE =
  'If an account exists for that address, we have sent a link to reset the password.';
export const PASSWORD_RESET_DONE_MESSAGE = 'Your password has been reset. Sign in with your new password.';
export const PASSWORD_RESET_TOKEN_MINUTES = 60;
export const PASSWORD_MIN_LENGTH = 8;
/** The web app's page the e-mailed link opens: `/reset-password?token=…`. */
export const RESET_PASSWORD_PATH = '/reset-password';

export const forgotPasswordRequestSchema = z.object({
  email: z.string().trim().min(1, 'The e-mail field is required.').max(255).email('Enter a valid e-mail address.'),
});

export const resetPasswordRequestSchema = z
  .object({
    token: z.string().min(1, 'The reset link is incomplete. Open the link from the e-mail again.').max(200),
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
      .max(1024, 'The password may have at most 1024 characters.'),
    password_confirmation: z.string().max(1024),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The password confirmation does not match.',
  });

/**
 * POST /password/reset as the route takes it: every field optional, so that a missing one is
 * answered with the same per-field messages as a wrong one (`resetPasswordRequestSchema`).
 */
export const resetPasswordBodySchema = z.object({
  token: z.string().max(200).optional(),
  password: z.string().max(1024).optional(),
  password_confirmation: z.string().max(1024).optional(),
});

export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
