-- Reserved for the schema changes of the Autodesk grant (issue 13), so that the areas built
-- at the same time do not collide on migration numbers. Replaced by the change that needs it.
SELECT 1;
