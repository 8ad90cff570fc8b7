-- Filled in by the content issue.
SELECT 1;
