/** FAQ, issue reports and feedback reports (administration.md §2). */
export const SUPPORT_PATTERNS = {} as const;

/** Targets of this area not routed yet: links to them stay hidden (paths.test.ts checks both ways). */
export const SUPPORT_PLANNED: readonly string[] = [
  '/faq',
  '/faq/create',
  '/faq/:categoryId',
  '/issue_report',
  '/feedback_report',
  '/admin/issue_report',
  '/admin/issue_report/overview/:id',
  '/admin/feedback_report',
  '/admin/feedback_report/overview/:id',
];

export const supportPaths = {
  faq: {
    list: () => '/faq',
    create: () => '/faq/create',
    category: (categoryId: number) => `/faq/${categoryId}`,
  },
  issueReport: () => '/issue_report',
  feedbackReport: () => '/feedback_report',
  adminIssueReports: {
    list: () => '/admin/issue_report',
    overview: (id: number) => `/admin/issue_report/overview/${id}`,
  },
  adminFeedbackReports: {
    list: () => '/admin/feedback_report',
    overview: (id: number) => `/admin/feedback_report/overview/${id}`,
  },
} as const;
