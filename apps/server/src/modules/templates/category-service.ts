import { makePage, type Page } from '@postline/shared/common';
import type { TemplateCategoryRequest } from '@postline/shared/template-requests';
import type { Template, TemplateCategory, TemplateListQuery } from '@postline/shared/templates';
import type { Database } from '../../db/client.js';
import {
  deleteCategoryMovingTemplates,
  findCategory,
  insertCategory,
  listCategories,
  updateCategory,
} from './category-repository.js';
import { defaultCategoryId, ensureDefaultCategories } from './default-categories.js';
import { presentCategory, presentTemplate } from './presenter.js';
import { categoryNameTaken, categoryNotFound, defaultCategoryUndeletable } from './template-errors.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { listVisibleTemplates } from './template-repository.js';
import type { Viewer } from '../../lib/viewer.js';

/** Template categories (SPEC §7 category-based reading); counts are kept by the database. */
export class CategoryService {
  constructor(private readonly database: Database) {}

  async list(viewer: Viewer): Promise<TemplateCategory[]> {
    let rows = await listCategories(this.database.db, viewer.id);
    if (!rows.some((row) => row.code !== null)) {
      // A user made before the categories existed and missed the migration's backfill.
      await this.database.transaction((tx) => ensureDefaultCategories(tx, viewer.id, viewer.lang));
      rows = await listCategories(this.database.db, viewer.id);
    }
    return rows.map(presentCategory);
  }

  async create(viewer: Viewer, input: TemplateCategoryRequest): Promise<TemplateCategory> {
    try {
      const row = await this.database.transaction((tx) =>
        insertCategory(tx, viewer.id, {
          name: input.name,
          description: input.description ?? null,
          color: input.color,
        }),
      );
      return presentCategory(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw categoryNameTaken();
      throw error;
    }
  }

  async update(viewer: Viewer, id: number, input: TemplateCategoryRequest): Promise<TemplateCategory> {
    try {
      const row = await this.database.transaction((tx) =>
        updateCategory(tx, viewer.id, id, {
          name: input.name,
          description: input.description ?? null,
          color: input.color,
        }),
      );
      if (!row) throw categoryNotFound();
      return presentCategory(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw categoryNameTaken();
      throw error;
    }
  }

  /** Its templates move to the user's GENERAL category; the four built-in ones stay. */
  async delete(viewer: Viewer, id: number): Promise<void> {
    await this.database.transaction(async (tx) => {
      const category = await findCategory(tx, viewer.id, id);
      if (!category) throw categoryNotFound();
      if (category.code !== null) throw defaultCategoryUndeletable();
      const general = await defaultCategoryId(tx, viewer.id, 'GENERAL', viewer.lang);
      await deleteCategoryMovingTemplates(tx, viewer.id, id, general);
    });
  }

  /** The user's own templates in one of their categories. */
  async templates(viewer: Viewer, id: number, query: TemplateListQuery): Promise<Page<Template>> {
    const category = await findCategory(this.database.db, viewer.id, id);
    if (!category) throw categoryNotFound();
    const { rows, total } = await listVisibleTemplates(
      this.database.db,
      viewer.id,
      { isActive: query.isActive, categoryId: id, keyword: query.keyword },
      query,
    );
    return makePage(
      rows.map((row) => presentTemplate(row, viewer.id)),
      query.page,
      query.size,
      total,
    );
  }
}
