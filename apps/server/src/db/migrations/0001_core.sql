-- Users, sign-in sessions and mailboxes (issue 2). Later areas add their own numbered files.
CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  language text NOT NULL DEFAULT 'ko' CHECK (language IN ('ko', 'en')),
  oidc_subject text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
--> statement-breakpoint
CREATE UNIQUE INDEX users_oidc_subject_key ON users (oidc_subject) WHERE oidc_subject IS NOT NULL;
--> statement-breakpoint
-- A session is one sign-in: the family of refresh tokens rotated from it.
CREATE TABLE auth_sessions (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revoked_reason text,
  user_agent text,
  ip text
);
--> statement-breakpoint
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id);
--> statement-breakpoint
CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);
--> statement-breakpoint
-- One-time codes the OIDC callback hands to the web app (60 s), and the state of flows under way.
CREATE TABLE oidc_login_codes (
  code_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
--> statement-breakpoint
CREATE TABLE oidc_flows (
  state text PRIMARY KEY,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE mailboxes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('INBOX', 'SENT', 'DRAFTS', 'TRASH', 'SPAM', 'ARCHIVE', 'CUSTOM')),
  parent_id integer REFERENCES mailboxes (id) ON DELETE CASCADE,
  total_count integer NOT NULL DEFAULT 0 CHECK (total_count >= 0),
  unread_count integer NOT NULL DEFAULT 0 CHECK (unread_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX mailboxes_system_type_key ON mailboxes (user_id, type) WHERE type <> 'CUSTOM';
--> statement-breakpoint
CREATE UNIQUE INDEX mailboxes_name_key ON mailboxes (user_id, coalesce(parent_id, 0), lower(name));
