// The support area's pages, loaded together: they are small and share their components.
export { AdminFeedbackReportsPage } from './admin-feedback-reports.page.tsx';
export { AdminIssueReportsPage } from './admin-issue-reports.page.tsx';
export { FaqPage } from './faq.page.tsx';
export { FaqCategoryPage } from './faq-category.page.tsx';
export { FaqCreatePage } from './faq-create.page.tsx';
export { FeedbackReportPage } from './feedback-report.page.tsx';
export { FeedbackReportOverviewPage } from './feedback-report-overview.page.tsx';
export { IssueReportPage } from './issue-report.page.tsx';
export { IssueReportOverviewPage } from './issue-report-overview.page.tsx';
