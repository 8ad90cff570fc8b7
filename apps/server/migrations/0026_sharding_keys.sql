-- Ready for Citus (issue 29, docs/scale.md; checked by src/app/sharding-keys.test.ts).
-- The callback compares an OAuth state's session with the session it arrives in; the key to
-- `sessions` only removed states early. Sessions stay on the coordinator, and a distributed table
-- cannot reference a table that is not a reference table.
ALTER TABLE "autodesk_oauth_states" DROP CONSTRAINT "autodesk_oauth_states_session_id_fkey";
--> statement-breakpoint
-- Citus refuses ON UPDATE CASCADE on a key that holds the distribution column. NO ACTION is
-- checked at the end of the statement: a rename changes the base and its variants in one statement.
ALTER TABLE "materials" DROP CONSTRAINT "materials_parent_name_fk";
--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_parent_name_fk" FOREIGN KEY ("company_id","parent_name") REFERENCES "public"."materials"("company_id","name") ON DELETE cascade ON UPDATE no action;
