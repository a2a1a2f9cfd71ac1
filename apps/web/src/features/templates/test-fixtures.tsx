import type { Template, TemplateCategory } from '@postline/shared/templates';
import { fail, ok, serveApi, type Reply, type SeenRequest } from '@/test/fake-api';
import { renderScreen } from '@/test/render';
import { template } from '@/test/template-fixtures';
import { TemplatesPage } from './components/TemplatesPage';

/** The templates page's data and server, shared by its test files. */

export const categories: TemplateCategory[] = [
  { id: 1, name: '일반', description: null, color: '#3B82F6', templateCount: 2, code: 'GENERAL' },
  { id: 2, name: '업무', description: null, color: '#10B981', templateCount: 1, code: 'BUSINESS' },
  { id: 7, name: '고객 응대', description: '문의 답변', color: '#F59E0B', templateCount: 0, code: null },
];

export const meeting = template({});
export const thanks = template({
  id: 2,
  name: '감사 인사',
  subject: '감사합니다',
  content: '도와주셔서 감사합니다.',
  variables: '{}',
  category: 'GENERAL',
  categoryId: 1,
  categoryName: '일반',
  categoryColor: '#3B82F6',
  isShared: false,
  usageCount: 3,
});
export const othersShared = template({ id: 3, name: '공지', isOwner: false, ownerId: 9, usageCount: 0 });

export const pageOf = (content: Template[], total = content.length) => ({
  content,
  number: 0,
  size: 20,
  totalElements: total,
  totalPages: Math.ceil(total / 20),
  first: true,
  last: true,
});

export const popular = [1, 2, 3, 4, 5, 6].map((n) =>
  template({ id: 100 + n, name: `인기 ${n}`, usageCount: 60 - n }),
);

/** The template calls the page makes, answered from fixed data; `override` answers first. */
export function serveTemplates(override?: (seen: SeenRequest) => Reply | undefined): SeenRequest[] {
  const seen: SeenRequest[] = serveApi((request) => {
    const last = seen[seen.length - 1]!;
    const answer = override?.(last);
    if (answer) return answer;
    const method = request.method;
    const params = (request.params ?? {}) as Record<string, unknown>;
    if (method === 'GET' && request.url === '/templates/categories') return ok(categories);
    if (method === 'GET' && request.url === '/templates/popular') return ok(popular);
    if (method === 'GET' && request.url === '/templates') {
      if (params.size === 1) return ok(pageOf([meeting], 3));
      if (params.categoryId === 2) return ok(pageOf([meeting]));
      return ok(pageOf([meeting, thanks, othersShared]));
    }
    if (method === 'GET' && request.url === '/templates/search') return ok(pageOf([thanks]));
    return fail(500, 'SERVER_ERROR', 'unexpected');
  });
  return seen;
}

export const renderPage = () => renderScreen('/templates', '/templates', <TemplatesPage />);
