import type { SUPPORT_PATTERNS } from '../../../lib/paths/support.paths.ts';
import type { AreaRoutes } from '../route-entry.types.ts';
import { SIGNED_IN } from '../route-guard.logic.ts';

const ADMIN = { ...SIGNED_IN, admin: true };
const pages = () => import('../../../features/support/pages/support.pages.ts');

export const SUPPORT_ROUTES: AreaRoutes<typeof SUPPORT_PATTERNS> = {
  faq: {
    title: 'titles.faq',
    layout: 'app',
    guard: SIGNED_IN,
    load: () => pages().then((m) => ({ default: m.FaqPage })),
  },
  'faq-create': {
    title: 'titles.faqCreate',
    layout: 'app',
    guard: ADMIN,
    load: () => pages().then((m) => ({ default: m.FaqCreatePage })),
  },
  'faq-category': {
    title: 'titles.faqCategory',
    layout: 'app',
    guard: SIGNED_IN,
    load: () => pages().then((m) => ({ default: m.FaqCategoryPage })),
  },
  'issue-report': {
    title: 'titles.issueReport',
    layout: 'app',
    guard: SIGNED_IN,
    load: () => pages().then((m) => ({ default: m.IssueReportPage })),
  },
  'feedback-report': {
    title: 'titles.feedbackReport',
    layout: 'app',
    guard: SIGNED_IN,
    load: () => pages().then((m) => ({ default: m.FeedbackReportPage })),
  },
  'admin-issue-reports': {
    title: 'titles.issueReports',
    layout: 'app',
    guard: ADMIN,
    load: () => pages().then((m) => ({ default: m.AdminIssueReportsPage })),
  },
  'admin-issue-report-overview': {
    title: 'titles.issueReportOverview',
    layout: 'app',
    guard: ADMIN,
    load: () => pages().then((m) => ({ default: m.IssueReportOverviewPage })),
  },
  'admin-feedback-reports': {
    title: 'titles.feedbackReports',
    layout: 'app',
    guard: ADMIN,
    load: () => pages().then((m) => ({ default: m.AdminFeedbackReportsPage })),
  },
  'admin-feedback-report-overview': {
    title: 'titles.feedbackReportOverview',
    layout: 'app',
    guard: ADMIN,
    load: () => pages().then((m) => ({ default: m.FeedbackReportOverviewPage })),
  },
};
