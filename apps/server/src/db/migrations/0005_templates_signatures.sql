-- Message templates, their categories, and signatures (issue 6).
CREATE TABLE template_categories (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The four built-in categories carry a code; a user's own categories have none.
  code text CHECK (code IN ('GENERAL', 'BUSINESS', 'PERSONAL', 'SYSTEM')),
  name text NOT NULL,
  description text,
  color text NOT NULL DEFAULT '#3B82F6' CHECK (color ~ '^#[0-9a-fA-F]{6}$'),
  -- Kept by the trigger below, so every path that adds, removes or moves a template keeps it right.
  template_count integer NOT NULL DEFAULT 0 CHECK (template_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Target of the templates' (category_id, user_id) key: a template's category is its owner's.
  UNIQUE (id, user_id)
);
--> statement-breakpoint
CREATE UNIQUE INDEX template_categories_code_key ON template_categories (user_id, code) WHERE code IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX template_categories_name_key ON template_categories (user_id, lower(name));
--> statement-breakpoint
CREATE TABLE templates (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  category_id integer,
  name text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  body_html text,
  -- JSON object text whose keys are the {{variable}} names (SPEC §3), e.g. '{"name":"","date":""}'.
  variables text NOT NULL DEFAULT '{}',
  is_shared boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  usage_count integer NOT NULL DEFAULT 0 CHECK (usage_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (category_id, user_id) REFERENCES template_categories (id, user_id) ON DELETE SET NULL (category_id)
);
--> statement-breakpoint
CREATE INDEX templates_user_idx ON templates (user_id, created_at DESC);
--> statement-breakpoint
CREATE INDEX templates_category_idx ON templates (category_id);
--> statement-breakpoint
CREATE INDEX templates_shared_idx ON templates (usage_count DESC) WHERE is_shared AND is_active;
--> statement-breakpoint
CREATE INDEX templates_name_trgm ON templates USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX templates_subject_trgm ON templates USING gin (subject gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX templates_body_trgm ON templates USING gin (body_text gin_trgm_ops);
--> statement-breakpoint
CREATE FUNCTION template_category_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE template_categories SET template_count = template_count + 1 WHERE id = NEW.category_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE template_categories SET template_count = template_count - 1 WHERE id = OLD.category_id;
  ELSIF NEW.category_id IS DISTINCT FROM OLD.category_id THEN
    UPDATE template_categories SET template_count = template_count - 1 WHERE id = OLD.category_id;
    UPDATE template_categories SET template_count = template_count + 1 WHERE id = NEW.category_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER templates_category_count
  AFTER INSERT OR DELETE OR UPDATE OF category_id ON templates
  FOR EACH ROW EXECUTE FUNCTION template_category_count();
--> statement-breakpoint
-- Users who existed before this migration get the four built-in categories too (new users get
-- them from the user-created hook). Names as in src/modules/templates/default-categories.ts.
INSERT INTO template_categories (user_id, code, name)
SELECT u.id, d.code, CASE WHEN u.language = 'en' THEN d.en ELSE d.ko END
FROM users u
CROSS JOIN (VALUES
  ('GENERAL', '일반', 'General'),
  ('BUSINESS', '업무', 'Business'),
  ('PERSONAL', '개인', 'Personal'),
  ('SYSTEM', '시스템', 'System')
) AS d (code, ko, en)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TABLE signatures (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- Sanitised HTML (src/lib/sanitize-html.ts) as stored; never the raw input.
  content text NOT NULL,
  signature_type text NOT NULL DEFAULT 'PERSONAL' CHECK (signature_type IN ('PERSONAL', 'BUSINESS')),
  is_default boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  include_image boolean NOT NULL DEFAULT false,
  image_url text CHECK (image_url IS NULL OR image_url LIKE 'https://%'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Compose inserts the default signature, so it must be one the user has not switched off.
  CHECK (NOT is_default OR is_active)
);
--> statement-breakpoint
-- One default signature per user, whatever the code does (SPEC §4).
CREATE UNIQUE INDEX signatures_one_default_key ON signatures (user_id) WHERE is_default;
--> statement-breakpoint
CREATE INDEX signatures_user_idx ON signatures (user_id, created_at DESC);
