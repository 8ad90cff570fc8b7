-- Resumable uploads (tus, issue 11): one row per upload, kept in step with the tus store.
-- 'receiving' while bytes come in, 'finished' once all arrived and the content matched the
-- name, 'claimed' once a record (model, library item, material) took it. `head` keeps the
-- first bytes (under 4 KiB) until the content check has seen enough of them.
CREATE TABLE "uploads" (
	"company_id" integer NOT NULL,
	"id" text NOT NULL,
	"account_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text,
	"kind" text,
	"size" bigint NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'receiving' NOT NULL,
	"storage_key" text NOT NULL,
	"head" bytea,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "uploads_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "uploads_state_check" CHECK ("uploads"."state" in ('receiving', 'finished', 'claimed')),
	CONSTRAINT "uploads_size_check" CHECK ("uploads"."size" >= 0 and "uploads"."received" >= 0 and "uploads"."received" <= "uploads"."size")
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The expiry job finds unfinished uploads past their time without scanning the finished ones.
CREATE INDEX "uploads_expiry_idx" ON "uploads" USING btree ("expires_at") WHERE "state" = 'receiving';--> statement-breakpoint
-- Tenant isolation as on every tenant table (0001): RLS forced, the company from app.company_id.
ALTER TABLE "uploads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "uploads" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "uploads"
  USING (company_id = nullif(current_setting('app.company_id', true), '')::integer)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
-- A company's own storage quota in bytes; null: COMPANY_STORAGE_QUOTA_GB.
ALTER TABLE "companies" ADD COLUMN "storage_quota_bytes" bigint;
