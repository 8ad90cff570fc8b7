-- A session's change names its account (issue 24): 'sessions:{account_id}' when one session
-- ends or shortens, so that the server processes re-check the live sockets of that account
-- only. A deletion (statement level, no row at hand) still says 'sessions': anything may
-- have ended. Each distinct payload is still sent once per transaction, so ending all of an
-- account's sessions sends one notification.
CREATE OR REPLACE FUNCTION meshport_notify_session_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    PERFORM pg_notify('meshport_changes', 'sessions:' || NEW.account_id);
    IF OLD.account_id <> NEW.account_id THEN
      PERFORM pg_notify('meshport_changes', 'sessions:' || OLD.account_id);
    END IF;
  ELSE
    PERFORM pg_notify('meshport_changes', 'sessions');
  END IF;
  RETURN NULL;
END
$$;
