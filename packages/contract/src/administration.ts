import { z } from 'zod';
import { LICENCES } from './platforms.ts';

/** administration.md §9: lists open on page 1 with 5 rows. */
export const DEFAULT_PER_PAGE = 5;

/** administration.md §9: default sorts of the administration lists. */
export const ADMIN_DEFAULT_SORTS = {
  list: '-created_at',
  changelog: '-created_at',
  companies: '-created_at',
  maintenance: '-created_at',
  issues: '-created_at',
  feedback: '-created_at',
  propertyMaps: '-name',
  faqCategories: '-updated_at',
  activity: '-datetime',
} as const;

export const ISSUE_SEVERITIES = ['lowest', 'low', 'medium', 'high', 'highest'] as const;
export type IssueSeverity = (typeof ISSUE_SEVERITIES)[number];

/** Not given by the spec; the usual life of a reported issue. */
export const ISSUE_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

/** administration.md §3: product keys of an issue report and their labels. */
export const ISSUE_PRODUCTS = {
  hatch: 'Design & Sales',
  realization: 'Realization & Progression',
  maintenance: 'Maintenance & Support',
  customerportal: 'Converter and Optimizer',
  exporter: 'Exporter',
  mobile: 'Mobile',
  holohelmet: 'Holo Helmet',
} as const;
export type IssueProduct = keyof typeof ISSUE_PRODUCTS;
export const ISSUE_PRODUCT_KEYS = Object.keys(ISSUE_PRODUCTS) as [IssueProduct, ...IssueProduct[]];

export const FEEDBACK_RATING_MAX = 5;

export const CHANGELOG_TYPES = ['added', 'updated', 'fixed'] as const;
export type ChangelogType = (typeof CHANGELOG_TYPES)[number];

export const ENVIRONMENTS = ['development', 'test', 'acceptance', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
/** administration.md §9: the current environment is fixed to 'acceptance'. */
export const CURRENT_ENVIRONMENT: Environment = 'acceptance';

/** The tenant licences of administration.md §3, with what is bought and in use. */
export const companyLicenceSchema = z.object({
  licence: z.enum(LICENCES),
  bought: z.number().int(),
  used: z.number().int(),
});
export type CompanyLicence = z.infer<typeof companyLicenceSchema>;

export const activityEntrySchema = z.object({ action: z.string(), datetime: z.string() });
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

const idName = z.object({ id: z.number().int(), name: z.string() });

/** administration.md §3 User, as the security list and My Account return it. */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  function: z.string().nullable(),
  admin: z.union([z.literal(0), z.literal(1)]),
  role: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  role_id: z.number().int().nullable(),
  licenses: z.array(z.string()),
  groups: z.array(idName),
  profile_image: z.string().nullable(),
  email_verified: z.boolean(),
  email_verified_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: z.array(z.string()).optional(),
  autodesk_connected: z.boolean(),
  autodesk_scope_outdated: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  users: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })).optional(),
});
export type Group = z.infer<typeof groupSchema>;

export const downloadSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  extension: z.string(),
  size: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Download = z.infer<typeof downloadSchema>;

export const propertyMapSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PropertyMap = z.infer<typeof propertyMapSchema>;

export const plannedMaintenanceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  start_datetime: z.string(),
  end_datetime: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PlannedMaintenance = z.infer<typeof plannedMaintenanceSchema>;

export const faqQuestionSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  position: z.number().int(),
});
export const faqCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  questions_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  questions: z.array(faqQuestionSchema).optional(),
});
export type FaqCategory = z.infer<typeof faqCategorySchema>;

const reporter = z.object({ id: z.number().int().nullable(), name: z.string().nullable() });
export const issueReportSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(ISSUE_STATUSES),
  severity: z.enum(ISSUE_SEVERITIES),
  /** The products the issue is about: product key → '1' (spec: administration.md §3). */
  products: z.record(z.string(), z.literal('1')),
  external_link: z.string().nullable(),
  company: idName,
  user: reporter.extend({ email: z.string().nullable() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type IssueReport = z.infer<typeof issueReportSchema>;

export const feedbackReportSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(FEEDBACK_RATING_MAX),
  comment: z.string().nullable(),
  company: idName,
  user: reporter.extend({ email: z.string().nullable() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FeedbackReport = z.infer<typeof feedbackReportSchema>;

export const changelogItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(CHANGELOG_TYPES),
  description: z.string(),
  screenshot: z.boolean(),
  screenshot_url: z.string().nullable(),
  date_on_development: z.string().nullable(),
  date_on_test: z.string().nullable(),
  date_on_acceptance: z.string().nullable(),
  date_on_production: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ChangelogItem = z.infer<typeof changelogItemSchema>;
