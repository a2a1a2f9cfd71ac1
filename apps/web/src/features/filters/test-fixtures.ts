import type { FilterDto, FilterStatistics } from '@postline/shared/filters';
import type { Mailbox } from '@postline/shared/mailbox';

/** Test data for the filters screen, shaped by the shared contract. */
export function filterDto(
  overrides: Partial<FilterDto> & Pick<FilterDto, 'id' | 'name' | 'priority'>,
): FilterDto {
  return {
    description: null,
    isActive: true,
    applyToExisting: false,
    conditionCount: 1,
    actionCount: 1,
    conditions: [
      {
        id: 1,
        conditionType: 'SUBJECT',
        operator: 'CONTAINS',
        value: '[알파]',
        caseSensitive: false,
        isRegex: false,
      },
    ],
    actions: [{ id: 1, actionType: 'MARK_READ', actionValue: null, sortOrder: 0 }],
    stats: { executionCount: 0, lastExecuted: null },
    createdAt: '2025-03-01T00:00:00.000Z',
    updatedAt: '2025-03-01T00:00:00.000Z',
    ...overrides,
  };
}

function folder(id: number, name: string, type: Mailbox['type'], children: Mailbox[] = []): Mailbox {
  return {
    id,
    name,
    type,
    totalCount: 0,
    messageCount: 0,
    unreadCount: 0,
    userId: 1,
    parentId: null,
    children,
  };
}

export const folderTree: Mailbox[] = [
  folder(1, 'INBOX', 'INBOX'),
  folder(2, 'SENT', 'SENT'),
  folder(3, 'DRAFTS', 'DRAFTS'),
  folder(4, 'TRASH', 'TRASH'),
  folder(7, '프로젝트', 'CUSTOM', [{ ...folder(8, '알파', 'CUSTOM'), parentId: 7 }]),
];

export function statistics(overrides: Partial<FilterStatistics> = {}): FilterStatistics {
  return {
    totalFilters: 3,
    activeFilters: 2,
    inactiveFilters: 1,
    totalExecutions: 12,
    activationRate: 67,
    averageExecutionTimeMs: 0.42,
    topFilters: [
      {
        id: 1,
        name: '알파 프로젝트',
        description: '업무 메일',
        executionCount: 9,
        isActive: true,
        conditionCount: 2,
      },
      { id: 2, name: '뉴스레터', description: null, executionCount: 3, isActive: false, conditionCount: 1 },
    ],
    executionsByDay: [
      { date: '2025-03-13', count: 4 },
      { date: '2025-03-14', count: 8 },
    ],
    executionsByHour: Array.from({ length: 24 }, (_, hour) => ({ hour, count: hour === 9 ? 12 : 0 })),
    topConditionTypes: [{ type: 'SUBJECT', count: 2 }],
    topActionTypes: [{ type: 'MOVE_TO_FOLDER', count: 1 }],
    timeZone: 'Asia/Seoul',
    ...overrides,
  };
}
