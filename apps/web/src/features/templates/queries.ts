import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '@postline/shared/limits';
import type { TemplateCategoryRequest, TemplateRequest } from '@postline/shared/template-requests';
import type { Template, TemplateCategory } from '@postline/shared/templates';
import { queryKeys } from '@/lib/query-keys';
import { useBannerError } from '@/lib/use-banner-error';
import { createCategory } from './api/create-category';
import { createTemplate } from './api/create-template';
import { deleteCategory } from './api/delete-category';
import { deleteTemplate } from './api/delete-template';
import { fetchCategories } from './api/list-categories';
import { fetchTemplates } from './api/list-templates';
import { fetchPopularTemplates } from './api/popular-templates';
import { searchTemplates } from './api/search-templates';
import { updateCategory } from './api/update-category';
import { updateTemplate } from './api/update-template';
import { useTemplatesStore } from './store';

const NO_TEMPLATES: Template[] = [];
const NO_CATEGORIES: TemplateCategory[] = [];
const setView = useTemplatesStore.setState;

/** What the page's controls change; stable, so effects may depend on them. */
const viewChanges = {
  /** Every visit starts from All without a search, as the page's controls then show. */
  startOver: () => setView({ selectedCategoryId: null, keyword: '', page: 0 }),
  showPage: (next: number) => setView({ page: next }),
  selectCategory: (categoryId: number | null) => setView({ selectedCategoryId: categoryId, page: 0 }),
  search: (text: string) => setView({ keyword: text.trim(), page: 0 }),
  resetSearch: () => setView({ keyword: '', page: 0 }),
};

/** Writes from the forms; they rethrow, so a form stays open and shows why (SPEC §8). */
export function useTemplateWrites() {
  const client = useQueryClient();
  return {
    async saveTemplate(request: TemplateRequest, id?: number): Promise<Template> {
      const saved = id === undefined ? await createTemplate(request) : await updateTemplate(id, request);
      await client.invalidateQueries({ queryKey: queryKeys.templates.all });
      return saved;
    },
    async addCategory(request: TemplateCategoryRequest): Promise<TemplateCategory> {
      const category = await createCategory(request);
      await client.invalidateQueries({ queryKey: queryKeys.templates.categories });
      return category;
    },
    async editCategory(id: number, request: TemplateCategoryRequest): Promise<TemplateCategory> {
      const category = await updateCategory(id, request);
      // Cards show the category's name and colour, so they are read again too.
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.templates.categories }),
        client.invalidateQueries({ queryKey: queryKeys.templates.lists }),
      ]);
      return category;
    },
  };
}

/**
 * The templates page's data: the page of cards for the chosen category and search, the All count,
 * categories and popular templates from the cache, and the changes the page makes. A newer
 * category or search simply asks under another key; the previous cards stay until it answers.
 */
export function useTemplates() {
  const client = useQueryClient();
  const view = useTemplatesStore();
  const { selectedCategoryId, keyword, page } = view;
  const filtered = selectedCategoryId !== null || keyword !== '';
  const params = { page, size: PAGE_SIZE_DEFAULT, categoryId: selectedCategoryId ?? undefined };
  const list = useQuery({
    queryKey: queryKeys.templates.list({ ...params, keyword }),
    queryFn: () => (keyword ? searchTemplates({ ...params, keyword }) : fetchTemplates(params)),
    placeholderData: keepPreviousData,
  });
  // The All entry's count is the unfiltered total; asked for only while the list is filtered.
  const all = useQuery({
    queryKey: queryKeys.templates.count,
    queryFn: async () => (await fetchTemplates({ page: 0, size: 1 })).totalElements,
    enabled: filtered,
  });
  const categories = useQuery({ queryKey: queryKeys.templates.categories, queryFn: () => fetchCategories() });
  const popular = useQuery({ queryKey: queryKeys.templates.popular, queryFn: () => fetchPopularTemplates() });
  const banner = useBannerError(list.error ?? categories.error ?? popular.error ?? all.error);
  const templates = list.data?.content ?? NO_TEMPLATES;

  return {
    ...view,
    templates,
    totalPages: list.data?.totalPages ?? 0,
    totalItems: list.data?.totalElements ?? 0,
    allCount: (filtered ? all.data : list.data?.totalElements) ?? 0,
    categories: categories.data ?? NO_CATEGORIES,
    popular: popular.data ?? NO_TEMPLATES,
    isLoading: list.isFetching,
    error: banner.error,
    clearError: banner.clearError,
    ...viewChanges,
    async removeTemplate(id: number) {
      await banner.guard(() => deleteTemplate(id));
      // Deleting the last card of a page shows the page before it.
      if (templates.length === 1 && page > 0) setView({ page: page - 1 });
      await client.invalidateQueries({ queryKey: queryKeys.templates.all });
    },
    /** Its templates go to General (the server moves them). */
    async removeCategory(id: number) {
      await banner.guard(() => deleteCategory(id));
      // The list of a category that is gone would stay empty: show All instead.
      if (selectedCategoryId === id) setView({ selectedCategoryId: null, page: 0 });
      await client.invalidateQueries({ queryKey: queryKeys.templates.all });
    },
  };
}
