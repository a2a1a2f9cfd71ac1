import type { FilterDto } from '@postline/shared/filters';
import type { FilterRecord } from './repository.js';

/** The one shape a filter has on the wire (SPEC §3 Filter), for lists, single reads and imports. */
export function presentFilter(record: FilterRecord): FilterDto {
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    isActive: record.isActive,
    applyToExisting: record.applyToExisting,
    priority: record.priority,
    conditionCount: record.conditions.length,
    actionCount: record.actions.length,
    conditions: record.conditions.map((c) => ({
      ...(c.id === undefined ? {} : { id: Number(c.id) }),
      conditionType: c.conditionType,
      operator: c.operator,
      value: c.value,
      caseSensitive: c.caseSensitive,
      isRegex: c.isRegex,
    })),
    actions: record.actions.map((a) => ({
      ...(a.id === undefined ? {} : { id: Number(a.id) }),
      actionType: a.actionType,
      actionValue: a.actionValue,
      sortOrder: Number(a.sortOrder),
    })),
    stats: {
      executionCount: record.executionCount,
      lastExecuted: record.lastExecutedAt ? record.lastExecutedAt.toISOString() : null,
    },
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
