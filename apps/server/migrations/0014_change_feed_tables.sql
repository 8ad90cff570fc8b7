-- The change feed names the table as well as the company (docs/decisions/0021), so that a
-- cache can keep what a write did not touch: '{company}:{table}' for a write in a tenant
-- transaction, '*:{table}' for one on the system path (that table, in any company). The
-- triggers stay statement-level and PostgreSQL still sends each distinct payload once per
-- transaction, so a transaction that writes three tables of a company sends three small
-- notifications. 'sessions' is unchanged; pg-boss's tables (schema pgboss) are not watched.
CREATE OR REPLACE FUNCTION meshport_notify_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('meshport_changes',
    coalesce(nullif(current_setting('app.company_id', true), ''), '*') || ':' || TG_TABLE_NAME);
  RETURN NULL;
END
$$;
