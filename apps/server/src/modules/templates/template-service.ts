import { makePage, type Page } from '@postline/shared/common';
import { POPULAR_TEMPLATES_SHOWN, TEMPLATE_NAME_MAX } from '@postline/shared/limits';
import type { TemplateRequest } from '@postline/shared/template-requests';
import type {
  Template,
  TemplateCategoryCode,
  TemplateListQuery,
  TemplateStatistics,
} from '@postline/shared/templates';
import { extractTemplateVariables, templateVariablesJson } from '@postline/shared/template-variables';
import type { Database, Queryable } from '../../db/client.js';
import { serverText } from '../../lib/i18n.js';
import { sanitizeMailHtml } from '../../lib/sanitize-html.js';
import { findCategory } from './category-repository.js';
import { defaultCategoryId } from './default-categories.js';
import { presentTemplate } from './presenter.js';
import type { Viewer } from '../../lib/viewer.js';
import { categoryNotFound, copyName, templateNotFound } from './template-errors.js';
import {
  countTemplateUse,
  deleteOwnedTemplates,
  findOwnedTemplate,
  findVisibleTemplate,
  insertTemplate,
  listVisibleTemplates,
  mostUsedOwnTemplates,
  ownTemplatesByCategory,
  popularTemplates,
  templateTotals,
  updateOwnedTemplate,
  updateOwnedTemplates,
  type NewTemplateRow,
  type TemplateRecord,
} from './template-repository.js';

/** What another area may read of a template: its body and whether it is on (a filter's auto reply). */
export type TemplateBody = Pick<TemplateRecord, 'bodyText' | 'bodyHtml' | 'isActive'>;

/** The body of a template the user may read (own or shared), or undefined when there is none. */
export async function findVisibleTemplateBody(
  db: Queryable,
  userId: number,
  id: number,
): Promise<TemplateBody | undefined> {
  const record = await findVisibleTemplate(db, userId, id);
  return record && { bodyText: record.bodyText, bodyHtml: record.bodyHtml, isActive: record.isActive };
}

/** Where a request puts a template: a category id wins, then a built-in code. */
export interface CategoryChoice {
  category?: TemplateCategoryCode | null | undefined;
  categoryId?: number | null | undefined;
}

/**
 * The category id a choice names, checked to be the user's own. An explicit categoryId null
 * means none; nothing at all means `fallback` (GENERAL for new templates, unchanged on update).
 */
export async function resolveCategory(
  db: Queryable,
  viewer: Viewer,
  choice: CategoryChoice,
  fallback: number | null | 'GENERAL',
): Promise<number | null> {
  if (typeof choice.categoryId === 'number') {
    const category = await findCategory(db, viewer.id, choice.categoryId);
    if (!category) throw categoryNotFound();
    return category.id;
  }
  if (choice.category) return defaultCategoryId(db, viewer.id, choice.category, viewer.lang);
  if (choice.categoryId === null) return null;
  return fallback === 'GENERAL' ? defaultCategoryId(db, viewer.id, 'GENERAL', viewer.lang) : fallback;
}

/** Stored texts of a template: HTML sanitised, variables from subject and both bodies. */
export function templateTexts(input: Pick<TemplateRequest, 'subject' | 'bodyText' | 'bodyHtml'>) {
  const bodyHtml = input.bodyHtml ? sanitizeMailHtml(input.bodyHtml) || null : null;
  const names = new Set([
    ...extractTemplateVariables(input.subject),
    ...extractTemplateVariables(input.bodyText),
    ...extractTemplateVariables(bodyHtml ?? ''),
  ]);
  return {
    subject: input.subject,
    bodyText: input.bodyText,
    bodyHtml,
    variables: templateVariablesJson([...names]),
  };
}

export class TemplateService {
  constructor(private readonly database: Database) {}

  private async present(db: Queryable, viewer: Viewer, id: number): Promise<Template> {
    const record = await findVisibleTemplate(db, viewer.id, id);
    if (!record) throw templateNotFound();
    return presentTemplate(record, viewer.id);
  }

  async list(viewer: Viewer, query: TemplateListQuery): Promise<Page<Template>> {
    const { rows, total } = await listVisibleTemplates(
      this.database.db,
      viewer.id,
      {
        isActive: query.isActive,
        categoryCode: query.category,
        categoryId: query.categoryId,
        keyword: query.keyword,
      },
      query,
    );
    return makePage(
      rows.map((row) => presentTemplate(row, viewer.id)),
      query.page,
      query.size,
      total,
    );
  }

  get(viewer: Viewer, id: number): Promise<Template> {
    return this.present(this.database.db, viewer, id);
  }

  /** The template as the user may read it (own, or shared by another). */
  async readable(viewer: Viewer, id: number): Promise<TemplateRecord> {
    const record = await findVisibleTemplate(this.database.db, viewer.id, id);
    if (!record) throw templateNotFound();
    return record;
  }

  create(viewer: Viewer, input: TemplateRequest): Promise<Template> {
    return this.database.transaction(async (tx) => {
      const row = await insertTemplate(tx, await this.newRow(tx, viewer, input, 'GENERAL'));
      return this.present(tx, viewer, row.id);
    });
  }

  /** A new row from a request; `fallback` is the category when the request names none. */
  async newRow(
    db: Queryable,
    viewer: Viewer,
    input: TemplateRequest,
    fallback: number | null | 'GENERAL',
  ): Promise<NewTemplateRow> {
    return {
      userId: viewer.id,
      name: input.name,
      ...templateTexts(input),
      categoryId: await resolveCategory(db, viewer, input, fallback),
      isShared: input.isShared,
      isActive: input.isActive,
    };
  }

  /** A whole new version; isActive and isShared stay as they were unless the client sent them. */
  update(
    viewer: Viewer,
    id: number,
    input: TemplateRequest,
    sent: (field: string) => boolean,
  ): Promise<Template> {
    return this.database.transaction(async (tx) => {
      // Only the owner edits; a shared template of another user is a 404 here, as DESIGN.md 8 says.
      const current = await findOwnedTemplate(tx, viewer.id, id);
      if (!current) throw templateNotFound();
      const { userId: _owner, ...values } = await this.newRow(tx, viewer, input, current.categoryId);
      if (!sent('isActive')) values.isActive = current.isActive;
      if (!sent('isShared')) values.isShared = current.isShared;
      await updateOwnedTemplate(tx, viewer.id, id, values);
      return this.present(tx, viewer, id);
    });
  }

  async delete(viewer: Viewer, id: number): Promise<void> {
    const deleted = await this.database.transaction((tx) => deleteOwnedTemplates(tx, viewer.id, [id]));
    if (deleted === 0) throw templateNotFound();
  }

  async bulkDelete(viewer: Viewer, ids: number[]): Promise<number> {
    return this.database.transaction((tx) => deleteOwnedTemplates(tx, viewer.id, ids));
  }

  setActive(viewer: Viewer, id: number, isActive: boolean): Promise<Template> {
    return this.database.transaction(async (tx) => {
      const row = await updateOwnedTemplate(tx, viewer.id, id, { isActive });
      if (!row) throw templateNotFound();
      return this.present(tx, viewer, id);
    });
  }

  bulkActive(viewer: Viewer, ids: number[], isActive: boolean): Promise<number> {
    return this.database.transaction((tx) => updateOwnedTemplates(tx, viewer.id, ids, { isActive }));
  }

  /** Moves templates; the categories' counts follow in the same transaction (database trigger). */
  bulkCategory(viewer: Viewer, ids: number[], choice: CategoryChoice): Promise<number> {
    return this.database.transaction(async (tx) => {
      const categoryId = await resolveCategory(tx, viewer, choice, null);
      return updateOwnedTemplates(tx, viewer.id, ids, { categoryId });
    });
  }

  /**
   * A private copy for the user, also of another user's shared template: in the same category
   * when it is the user's, else in the user's built-in category of that code, else GENERAL.
   */
  copy(viewer: Viewer, id: number, name: string | undefined): Promise<Template> {
    return this.database.transaction(async (tx) => {
      const source = await findVisibleTemplate(tx, viewer.id, id);
      if (!source) throw templateNotFound();
      const categoryId =
        source.userId === viewer.id
          ? source.categoryId
          : await defaultCategoryId(tx, viewer.id, source.categoryCode ?? 'GENERAL', viewer.lang);
      const row = await insertTemplate(tx, {
        userId: viewer.id,
        categoryId,
        name: name ?? copyName(source.name, viewer.lang, TEMPLATE_NAME_MAX),
        subject: source.subject,
        bodyText: source.bodyText,
        bodyHtml: source.bodyHtml,
        variables: source.variables,
        isShared: false,
        isActive: source.isActive,
      });
      return this.present(tx, viewer, row.id);
    });
  }

  async popular(viewer: Viewer, limit: number): Promise<Template[]> {
    const rows = await popularTemplates(this.database.db, viewer.id, limit);
    return rows.map((row) => presentTemplate(row, viewer.id));
  }

  /** One more use of a template the user may use; the row it returns is already counted. */
  async countUse(db: Queryable, viewer: Viewer, id: number) {
    const row = await countTemplateUse(db, viewer.id, id);
    if (!row) throw templateNotFound();
    return row;
  }

  async statistics(viewer: Viewer): Promise<TemplateStatistics> {
    const db = this.database.db;
    const [totals, byCategory, mostUsed] = await Promise.all([
      templateTotals(db, viewer.id),
      ownTemplatesByCategory(db, viewer.id),
      mostUsedOwnTemplates(db, viewer.id, POPULAR_TEMPLATES_SHOWN),
    ]);
    const uncategorised = serverText(viewer.lang, 'templates:uncategorised');
    return {
      totalTemplates: totals.total,
      activeTemplates: totals.active,
      sharedTemplates: totals.shared,
      totalUsage: totals.usage,
      byCategory: byCategory.map((entry) => ({
        categoryId: entry.categoryId,
        categoryName: entry.categoryName ?? uncategorised,
        count: entry.count,
      })),
      mostUsed,
    };
  }
}
