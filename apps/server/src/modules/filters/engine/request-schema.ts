import type { FilterRequest } from '@postline/shared/filters';
import {
  makeFilterImportFileSchema,
  makeFilterRequestSchema,
  type FilterExportFile,
} from '@postline/shared/filter-requests';
import type { EngineFilter } from './evaluate.js';
import { validateRegex } from './regex.js';

/** The shared schemas with regexes checked by RE2, as the server must (the web only approximates). */
export const serverFilterRequestSchema = makeFilterRequestSchema({ validateRegex });
export const serverFilterImportFileSchema = makeFilterImportFileSchema({ validateRegex });

type ExportableFilter = EngineFilter & {
  description?: string | null;
  applyToExisting?: boolean;
  priority?: number;
};

/** The JSON export file (GET /filters/{id}/export): ids and statistics left out. */
export function toFilterExportFile(filters: readonly ExportableFilter[], exportedAt: Date): FilterExportFile {
  return {
    version: 1,
    exportedAt: exportedAt.toISOString(),
    filters: filters.map((f): FilterRequest => ({
      name: f.name,
      ...(f.description ? { description: f.description } : {}),
      isActive: f.isActive ?? true,
      applyToExisting: f.applyToExisting ?? false,
      ...(f.priority === undefined ? {} : { priority: f.priority }),
      conditions: f.conditions.map(({ conditionType, operator, value, caseSensitive, isRegex }) => ({
        conditionType,
        operator,
        value,
        caseSensitive,
        isRegex,
      })),
      actions: [...f.actions]
        .sort((a, b) => a.sortOrder - b.sortOrder)
        .map(({ actionType, actionValue }, sortOrder) => ({ actionType, actionValue, sortOrder })),
    })),
  };
}
