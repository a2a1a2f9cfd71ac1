import { and, eq } from 'drizzle-orm';
import type { Language } from '@postline/shared/errors';
import { DEFAULT_CATEGORY_COLOR } from '@postline/shared/limits';
import { TEMPLATE_CATEGORY_CODES, type TemplateCategoryCode } from '@postline/shared/templates';
import type { Queryable, Tx } from '../../db/client.js';
import { templateCategories } from '../../db/schema/templates.js';
import { serverText } from '../../lib/i18n.js';

/**
 * Makes whichever of the four built-in categories (SPEC §3) are missing, named in the user's
 * language; the names are copied in 0005_templates_signatures.sql for users who existed before it.
 * Safe to call again (and from concurrent requests).
 */
export async function ensureDefaultCategories(
  db: Queryable,
  userId: number,
  language: Language,
): Promise<void> {
  await db
    .insert(templateCategories)
    .values(
      TEMPLATE_CATEGORY_CODES.map((code) => ({
        userId,
        code,
        name: serverText(language, `templates:defaultCategories.${code}`),
        color: DEFAULT_CATEGORY_COLOR,
      })),
    )
    .onConflictDoNothing();
}

/** The user-created hook (src/app.ts): the four defaults exist from the first sign-in. */
export async function createDefaultTemplateCategories(
  tx: Tx,
  user: { id: number; language: Language },
): Promise<void> {
  await ensureDefaultCategories(tx, user.id, user.language);
}

/** Id of the user's built-in category with this code, made first if it is missing. */
export async function defaultCategoryId(
  db: Queryable,
  userId: number,
  code: TemplateCategoryCode,
  language: Language,
): Promise<number> {
  const find = () =>
    db
      .select({ id: templateCategories.id })
      .from(templateCategories)
      .where(and(eq(templateCategories.userId, userId), eq(templateCategories.code, code)));
  let rows = await find();
  if (rows.length === 0) {
    await ensureDefaultCategories(db, userId, language);
    rows = await find();
  }
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`default category ${code} missing for user ${userId}`);
  return id;
}
