-- The change feed (docs/decisions/0012): every committed write tells the server processes,
-- on channel meshport_changes, whose data it touched, so that they drop what they cached.
-- Payloads: a company id (a write in a tenant transaction), '*' (a write on the system path:
-- anything may have changed) and 'sessions' (a session revoked or ended).
-- PostgreSQL delivers a transaction's notifications at commit, once per distinct payload.
CREATE OR REPLACE FUNCTION meshport_notify_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('meshport_changes', coalesce(nullif(current_setting('app.company_id', true), ''), '*'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION meshport_notify_session_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('meshport_changes', 'sessions');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Sessions are written on every sign-in and touched while used: only what ends or shortens
-- one is news (a touch moves last_seen_at forward and nothing else).
CREATE TRIGGER meshport_session_changed AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (old.revoked_at IS DISTINCT FROM new.revoked_at
    OR old.expires_at IS DISTINCT FROM new.expires_at
    OR new.last_seen_at < old.last_seen_at
    OR old.remember <> new.remember
    OR old.account_id <> new.account_id)
  EXECUTE FUNCTION meshport_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER meshport_session_deleted AFTER DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT
  EXECUTE FUNCTION meshport_notify_session_change();
--> statement-breakpoint
-- Idempotent, run after every migration like meshport_secure_tenant_tables: a new table is
-- watched without anyone remembering to. Left out: sessions (above) and tables no answer is
-- built from (sign-in throttling, reset tokens, the Socket.IO adapter's).
CREATE OR REPLACE FUNCTION meshport_watch_tables() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT c.relname
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      AND c.relname NOT IN ('sessions', 'login_failures', 'password_reset_tokens', 'socket_io_attachments')
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'meshport_changed')
  LOOP
    EXECUTE format(
      'CREATE TRIGGER meshport_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION meshport_notify_change()',
      t.relname
    );
  END LOOP;
END
$$;
