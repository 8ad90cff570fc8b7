/**
 * Share links (issue 30): a design or a model opened by a link, without an account, in a
 * read-only viewer page branded for the company.
 */

/** Days a link lives unless its sharer says otherwise, and the most they may say. */
export const SHARE_LINK_DEFAULT_DAYS = 30;
export const SHARE_LINK_MAX_DAYS = 365;
/** Random bytes of a token (256 bits, base64url: 43 characters). */
export const SHARE_TOKEN_BYTES = 32;
