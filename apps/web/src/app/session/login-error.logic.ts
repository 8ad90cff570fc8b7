import { ApiError } from '@/lib/api/api-client.ts';

export interface LoginErrorView {
  /** Translation key of the message, or null when `text` carries the server's own words. */
  key: string | null;
  text: string | null;
  fieldErrors: Record<string, string[]>;
}

/** shell.md §8: which message a failed login shows. */
export function loginErrorView(error: unknown): LoginErrorView {
  const none = { text: null, fieldErrors: {} };
  if (!(error instanceof ApiError)) return { key: 'errors.invalidInput', ...none };
  if (error.isNetworkError) return { key: 'errors.noResponse', ...none };
  switch (error.status) {
    case 400:
    case 401:
      return { key: 'errors.invalidCredentials', ...none };
    case 422: {
      const fieldErrors = error.fieldErrors;
      return Object.keys(fieldErrors).length > 0
        ? { key: null, text: null, fieldErrors }
        : { key: 'errors.invalidInput', ...none };
    }
    case 429:
      return error.body.message
        ? { key: null, text: error.body.message, fieldErrors: {} }
        : { key: 'errors.tooManyAttempts', ...none };
    case 503:
      return { key: 'errors.unavailable', ...none };
    default:
      return { key: 'errors.invalidInput', ...none };
  }
}
