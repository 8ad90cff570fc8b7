import type { SUPPORT_PATTERNS } from '@/lib/paths/support.paths.ts';
import type { AreaScreens } from '../route-entry.types.ts';

const pages = () => import('@/features/support/pages/support.pages.ts');

/** The code of the support area's signed-in screens (support.routes.ts): fetched after sign-in, with the app layout. */
export const SUPPORT_SCREENS: AreaScreens<typeof SUPPORT_PATTERNS> = {
  faq: () => pages().then((m) => ({ default: m.FaqPage })),
  'faq-create': () => pages().then((m) => ({ default: m.FaqCreatePage })),
  'faq-category': () => pages().then((m) => ({ default: m.FaqCategoryPage })),
  'issue-report': () => pages().then((m) => ({ default: m.IssueReportPage })),
  'feedback-report': () => pages().then((m) => ({ default: m.FeedbackReportPage })),
  'admin-issue-reports': () => pages().then((m) => ({ default: m.AdminIssueReportsPage })),
  'admin-issue-report-overview': () => pages().then((m) => ({ default: m.IssueReportOverviewPage })),
  'admin-feedback-reports': () => pages().then((m) => ({ default: m.AdminFeedbackReportsPage })),
  'admin-feedback-report-overview': () => pages().then((m) => ({ default: m.FeedbackReportOverviewPage })),
};
