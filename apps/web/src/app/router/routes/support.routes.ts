import type { SUPPORT_PATTERNS } from '@/lib/paths/support.paths.ts';
import type { AreaRoutes } from '../route-entry.types.ts';
import { SIGNED_IN } from '../route-guard.logic.ts';

const ADMIN = { ...SIGNED_IN, admin: true };

export const SUPPORT_ROUTES: AreaRoutes<typeof SUPPORT_PATTERNS> = {
  faq: {
    title: 'titles.faq',
    layout: 'app',
    guard: SIGNED_IN,
  },
  'faq-create': {
    title: 'titles.faqCreate',
    layout: 'app',
    guard: ADMIN,
  },
  'faq-category': {
    title: 'titles.faqCategory',
    layout: 'app',
    guard: SIGNED_IN,
  },
  'issue-report': {
    title: 'titles.issueReport',
    layout: 'app',
    guard: SIGNED_IN,
  },
  'feedback-report': {
    title: 'titles.feedbackReport',
    layout: 'app',
    guard: SIGNED_IN,
  },
  'admin-issue-reports': {
    title: 'titles.issueReports',
    layout: 'app',
    guard: ADMIN,
  },
  'admin-issue-report-overview': {
    title: 'titles.issueReportOverview',
    layout: 'app',
    guard: ADMIN,
  },
  'admin-feedback-reports': {
    title: 'titles.feedbackReports',
    layout: 'app',
    guard: ADMIN,
  },
  'admin-feedback-report-overview': {
    title: 'titles.feedbackReportOverview',
    layout: 'app',
    guard: ADMIN,
  },
};
