/**
 * The company constants that hold no schema. The app shell needs some of them on every page (the
 * realtime event that re-themes the session): kept apart from the company endpoints' zod schemas
 * so that importing them does not bring zod into the sign-in page's JavaScript.
 */
/** administration.md §9: what the custom colour toggle falls back to when nothing custom was saved. */
export const COMPANY_FALLBACK_COLORS = { primary_color: '#634196', primary_accent: '#C4A1F9' } as const;
/** administration.md §5: hex only, 3 or 6 digits, or 4 or 8 with alpha (a leading # optional). */
export const COMPANY_COLOR_PATTERN = /^#?([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
export const COMPANY_COLOR_INVALID = 'Must be a hex colour of 3 or 6 digits, or 4 or 8 with alpha.';
export const COMPANY_LOGO_TYPES = ['image/jpeg', 'image/png', 'image/bmp'] as const;
export const COMPANY_BACKGROUND_TYPES = ['image/jpeg', 'image/bmp'] as const;
export const MAX_COMPANY_IMAGE_BYTES = 10 * 1024 * 1024;
export const AUTODESK_INTEGRATIONS = ['no', 'yes', 'yes_always_prompt'] as const;
/** The realtime event on the company's content channel after My Company is saved: every session re-themes. */
export const COMPANY_CHANGED_EVENT = 'CompanyChanged';
