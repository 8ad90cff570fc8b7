-- A design may choose the model's own material for a slot (null), so that a slot with a default
-- reopens exactly as saved (issue 30).
ALTER TABLE "design_choices" ALTER COLUMN "material_id" DROP NOT NULL;