import type { Template } from '@postline/shared/templates';

/** A template as the server answers it; the tests of the templates page and compose's picker. */
export function template(overrides: Partial<Template>): Template {
  return {
    id: 1,
    name: '회의 초대',
    subject: '{{date}} 회의 안내',
    content: '{{name}}님,\n회의에 초대합니다.\n장소: 3층 회의실\n감사합니다.',
    bodyText: '',
    bodyHtml: null,
    variables: '{"date":"","name":""}',
    category: 'BUSINESS',
    categoryId: 2,
    categoryName: '업무',
    categoryColor: '#10B981',
    isShared: true,
    isActive: true,
    usageCount: 12,
    ownerId: 1,
    isOwner: true,
    createdAt: '2025-03-02T09:00:00.000Z',
    updatedAt: '2025-03-02T09:00:00.000Z',
    ...overrides,
  };
}
