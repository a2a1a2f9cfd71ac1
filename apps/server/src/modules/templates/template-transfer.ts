import type { z } from 'zod';
import type { Language } from '@postline/shared/errors';
import {
  templateImportRequestSchema,
  type TemplateExport,
  type TemplateImportRequest,
} from '@postline/shared/template-requests';
import type { Template } from '@postline/shared/templates';
import {
  isValidationMessageKey,
  localizeValidationMessage,
  splitValidationMessage,
  VALIDATION_MESSAGES,
} from '@postline/shared/validation-messages';
import type { Database, Queryable } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { byLanguage, validationText } from '../../lib/i18n.js';
import { findCategory, findCategoryByName } from './category-repository.js';
import { defaultCategoryId } from './default-categories.js';
import { presentTemplate, presentTemplateExport } from './presenter.js';
import { templateNotFound } from './template-errors.js';
import { findOwnedTemplate, insertTemplate } from './template-repository.js';
import { templateTexts, type TemplateService } from './template-service.js';
import type { Viewer } from '../../lib/viewer.js';

type ImportItem = TemplateImportRequest[number];

/** Where an issue is, as the user wrote the file: '2.subject', or 'subject' for a single template. */
function issuePath(path: readonly PropertyKey[], single: boolean): string {
  const parts = single && path[0] === 0 ? path.slice(1) : path;
  return parts.map(String).join('.');
}

function issueText(issue: z.core.$ZodIssue, lang: Language): string {
  if (isValidationMessageKey(splitValidationMessage(issue.message).key)) {
    return localizeValidationMessage(issue.message, lang);
  }
  const byCode = validationText(issue.code, lang);
  return byCode !== issue.code ? byCode : issue.message;
}

/** 'invalid template' (SPEC §5 Import) followed by what is wrong and where, in both languages. */
function invalidTemplate(issues: readonly z.core.$ZodIssue[], single: boolean): AppError {
  const describe = (lang: Language) => {
    const details = issues.slice(0, 5).map((issue) => {
      const where = issuePath(issue.path, single);
      return where ? `${where}: ${issueText(issue, lang)}` : issueText(issue, lang);
    });
    const lead = VALIDATION_MESSAGES.invalidTemplate[lang];
    return [lead, ...new Set(details)].filter((text, i) => i === 0 || text !== lead).join(' ');
  };
  return new AppError(400, 'VALIDATION_ERROR', { text: byLanguage(describe) });
}

/** Export (a JSON file) and import (one template or an array) of templates. */
export class TemplateTransfer {
  constructor(
    private readonly database: Database,
    private readonly templates: TemplateService,
  ) {}

  async export(viewer: Viewer, id: number): Promise<TemplateExport> {
    return presentTemplateExport(await this.templates.readable(viewer, id));
  }

  /** All or nothing: one bad item refuses the whole file. */
  async import(viewer: Viewer, body: unknown): Promise<Template[]> {
    const parsed = templateImportRequestSchema.safeParse(body);
    if (!parsed.success) throw invalidTemplate(parsed.error.issues, !Array.isArray(body));
    return this.database.transaction(async (tx) => {
      const created: Template[] = [];
      for (const item of parsed.data) {
        const row = await insertTemplate(tx, {
          userId: viewer.id,
          name: item.name,
          ...templateTexts(item),
          categoryId: await this.importCategory(tx, viewer, item),
          isShared: item.isShared,
          isActive: item.isActive,
        });
        const record = await findOwnedTemplate(tx, viewer.id, row.id);
        if (!record) throw templateNotFound();
        created.push(presentTemplate(record, viewer.id));
      }
      return created;
    });
  }

  /**
   * Ids in a file belong to the account it came from, so an id counts only when it is the user's;
   * then the built-in code, then a category of the same name, else GENERAL.
   */
  private async importCategory(db: Queryable, viewer: Viewer, item: ImportItem): Promise<number> {
    if (typeof item.categoryId === 'number') {
      const own = await findCategory(db, viewer.id, item.categoryId);
      if (own) return own.id;
    }
    if (item.category) return defaultCategoryId(db, viewer.id, item.category, viewer.lang);
    if (item.categoryName) {
      const byName = await findCategoryByName(db, viewer.id, item.categoryName);
      if (byName) return byName.id;
    }
    return defaultCategoryId(db, viewer.id, 'GENERAL', viewer.lang);
  }
}
