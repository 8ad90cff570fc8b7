-- The Autodesk integration (issue 13, docs/decisions/0026). A member's grant in one company:
-- the tokens encrypted with AES-256-GCM (never in clear), the scope the provider granted and
-- when the access token expires. Leaving the company removes it with the membership.
CREATE TABLE "autodesk_grants" (
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"scope" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autodesk_grants_pkey" PRIMARY KEY ("company_id", "account_id"),
	CONSTRAINT "autodesk_grants_membership_fk" FOREIGN KEY ("company_id", "account_id")
		REFERENCES "memberships" ("company_id", "account_id") ON DELETE CASCADE
);
--> statement-breakpoint
-- A connection in progress: the SHA-256 of the state sent to the provider, the session that
-- started it, the PKCE verifier (encrypted), the callback address sent and the page to return to.
-- Short-lived and spent by the callback.
CREATE TABLE "autodesk_oauth_states" (
	"company_id" integer NOT NULL,
	"state_hash" text NOT NULL,
	"account_id" integer NOT NULL,
	"session_id" integer NOT NULL REFERENCES "sessions" ("id") ON DELETE CASCADE,
	"code_verifier" text NOT NULL,
	"callback_url" text NOT NULL,
	"return_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autodesk_oauth_states_pkey" PRIMARY KEY ("company_id", "state_hash"),
	CONSTRAINT "autodesk_oauth_states_membership_fk" FOREIGN KEY ("company_id", "account_id")
		REFERENCES "memberships" ("company_id", "account_id") ON DELETE CASCADE
);
--> statement-breakpoint
-- The callback finds a state by its hash alone (256 random bits), before it knows the company.
CREATE INDEX "autodesk_oauth_states_hash_idx" ON "autodesk_oauth_states" USING btree ("state_hash");
--> statement-breakpoint
CREATE INDEX "autodesk_oauth_states_session_idx" ON "autodesk_oauth_states" USING btree ("session_id");
--> statement-breakpoint
-- OAuth states are spent by the callback and no answer is built from them, like sessions: left out of
-- the change feed, so that ending a session (which cascades here) tells of the session alone.
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
      AND c.relname NOT IN ('sessions', 'login_failures', 'password_reset_tokens', 'socket_io_attachments',
                            'autodesk_oauth_states')
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'meshport_changed')
  LOOP
    EXECUTE format(
      'CREATE TRIGGER meshport_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION meshport_notify_change()',
      t.relname
    );
  END LOOP;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS meshport_changed ON "autodesk_oauth_states";
