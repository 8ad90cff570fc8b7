import { ApiError } from '@meshport/contract';

/**
 * The text of a failed write for a banner: the server's message (e.g. the 409 of a delete that
 * a model blocks), 'No Response' when the server never answered, else the fallback.
 */
export function writeErrorText(error: unknown, texts: { noResponse: string; fallback: string }): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return texts.noResponse;
    const field = Object.values(error.fieldErrors)[0]?.[0];
    return error.body.message ?? field ?? texts.fallback;
  }
  return texts.fallback;
}
