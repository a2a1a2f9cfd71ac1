-- Issue 37. Keyboard shortcuts on (the default) or off, per person, with their other settings.
ALTER TABLE user_settings ADD COLUMN IF NOT EXISTS keyboard_shortcuts boolean NOT NULL DEFAULT true;
