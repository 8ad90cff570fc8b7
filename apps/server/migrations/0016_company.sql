-- My Company (issue 13): the last saved custom colours, which the custom toggle brings back after
-- the company switched to 'default', and the demo model (a finished model of the company; read
-- through a join that checks it is still live and finished, so no foreign key is needed).
ALTER TABLE "companies" ADD COLUMN "custom_primary_color" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "custom_primary_accent" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "demo_model_id" integer;
