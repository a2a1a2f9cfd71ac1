import type { Template, TemplateCategory } from '@postline/shared/templates';
import type { TemplateExport } from '@postline/shared/template-requests';
import type { CategoryRow } from './category-repository.js';
import type { TemplateRecord } from './template-repository.js';

export function presentTemplate(record: TemplateRecord, viewerId: number): Template {
  return {
    id: record.id,
    name: record.name,
    subject: record.subject,
    content: record.bodyText,
    bodyText: record.bodyText,
    bodyHtml: record.bodyHtml,
    variables: record.variables,
    category: record.categoryCode,
    categoryId: record.categoryId,
    categoryName: record.categoryName,
    categoryColor: record.categoryColor,
    isShared: record.isShared,
    isActive: record.isActive,
    usageCount: record.usageCount,
    ownerId: record.userId,
    isOwner: record.userId === viewerId,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

export function presentCategory(row: CategoryRow): TemplateCategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color,
    templateCount: row.templateCount,
    code: row.code,
  };
}

/** What a template file holds: no ids, owner or counts, so it can go into any account. */
export function presentTemplateExport(record: TemplateRecord): TemplateExport {
  return {
    name: record.name,
    subject: record.subject,
    bodyText: record.bodyText,
    bodyHtml: record.bodyHtml,
    category: record.categoryCode,
    categoryName: record.categoryName,
    variables: record.variables,
    isShared: record.isShared,
    isActive: record.isActive,
  };
}
