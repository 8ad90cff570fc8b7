/** My Account (administration.md §2). Owner: the account screens. */
export const ACCOUNT_PATTERNS = {
  'account-profile': '/user/profile',
  /** The link mailed to a new e-mail address (VERIFY_EMAIL_PATH of the contract). */
  'verify-email': '/verify-email',
} as const;

/** Targets of this area not routed yet: links to them stay hidden (paths.test.ts checks both ways). */
export const ACCOUNT_PLANNED: readonly string[] = [];

export const accountPaths = {
  /** `tab`: 'details' (default), 'activity' or 'settings'. */
  profile: (tab?: 'details' | 'activity' | 'settings') => `/user/profile${tab ? `?tab=${tab}` : ''}`,
} as const;
