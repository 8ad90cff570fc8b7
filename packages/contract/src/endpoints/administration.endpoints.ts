// The administration area's endpoints (one export per resource).
export * from './administration.changelog.endpoints.ts';
export * from './administration.companies.endpoints.ts';
export * from './administration.faq.endpoints.ts';
export * from './administration.feedback-reports.endpoints.ts';
export * from './administration.issue-reports.endpoints.ts';
export * from './administration.licences.endpoints.ts';
export * from './administration.maintenance.endpoints.ts';
