/** FAQ, issue reports and feedback reports (administration.md §2). */
export const SUPPORT_PATTERNS = {
  faq: '/faq',
  'faq-create': '/faq/create',
  'faq-category': '/faq/:categoryId',
  'issue-report': '/issue_report',
  'feedback-report': '/feedback_report',
  'admin-issue-reports': '/admin/issue_report',
  'admin-issue-report-overview': '/admin/issue_report/overview/:id',
  'admin-feedback-reports': '/admin/feedback_report',
  'admin-feedback-report-overview': '/admin/feedback_report/overview/:id',
} as const;

/** Targets of this area not routed yet: links to them stay hidden (paths.test.ts checks both ways). */
export const SUPPORT_PLANNED: readonly string[] = [];

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
