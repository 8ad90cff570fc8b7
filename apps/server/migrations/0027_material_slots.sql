-- Material slots of a processed model (issue 30, docs/decisions/0059-material-slots.md): slot i is
-- material i of the web-ready GLB (figures.material_names). A slot's row keeps its display name; the
-- materials it allows are rows of project_model_slot_materials, its default one of them (is_default).
-- project_model_materials stays the union of every slot's materials, rewritten with each save.
CREATE TABLE "project_model_material_slots" (
	"company_id" integer NOT NULL,
	"project_model_id" integer NOT NULL,
	"slot_index" integer NOT NULL,
	"source_name" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "project_model_material_slots_pkey" PRIMARY KEY("company_id","project_model_id","slot_index")
);
--> statement-breakpoint
CREATE TABLE "project_model_slot_materials" (
	"company_id" integer NOT NULL,
	"project_model_id" integer NOT NULL,
	"slot_index" integer NOT NULL,
	"material_id" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "project_model_slot_materials_pkey" PRIMARY KEY("company_id","project_model_id","slot_index","material_id")
);
--> statement-breakpoint
ALTER TABLE "project_model_material_slots" ADD CONSTRAINT "project_model_material_slots_project_model_fk" FOREIGN KEY ("company_id","project_model_id") REFERENCES "public"."project_models"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_model_slot_materials" ADD CONSTRAINT "project_model_slot_materials_slot_fk" FOREIGN KEY ("company_id","project_model_id","slot_index") REFERENCES "public"."project_model_material_slots"("company_id","project_model_id","slot_index") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_model_slot_materials" ADD CONSTRAINT "project_model_slot_materials_material_fk" FOREIGN KEY ("company_id","material_id") REFERENCES "public"."materials"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_model_slot_materials_material_idx" ON "project_model_slot_materials" USING btree ("company_id","material_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_model_slot_materials_default_key" ON "project_model_slot_materials" USING btree ("company_id","project_model_id","slot_index") WHERE is_default;