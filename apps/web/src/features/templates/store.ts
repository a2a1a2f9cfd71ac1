import { create } from 'zustand';
import { PAGE_SIZE_DEFAULT } from '@postline/shared/limits';
import type { TemplateCategoryRequest, TemplateRequest } from '@postline/shared/template-requests';
import type { Template, TemplateCategory } from '@postline/shared/templates';
import { messageOf } from '@/lib/api-error';
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

interface TemplatesData {
  templates: Template[];
  /** 0-based, as the server counts. */
  page: number;
  totalPages: number;
  totalItems: number;
  /** Every template the user can see, whatever the category or search: the All entry's count. */
  allCount: number;
  categories: TemplateCategory[];
  popular: Template[];
  /** null: All. */
  selectedCategoryId: number | null;
  /** The search that is applied (not what is being typed). */
  keyword: string;
  isLoading: boolean;
  /** The store's own error (SPEC §2): shown in a banner until closed. */
  error: string | null;
}

interface TemplatesActions {
  loadTemplates(page?: number): Promise<void>;
  loadCategories(): Promise<void>;
  loadPopular(): Promise<void>;
  /** Templates, categories and popular again, after anything that changes counts. */
  reloadAll(): Promise<void>;
  selectCategory(categoryId: number | null): Promise<void>;
  search(keyword: string): Promise<void>;
  resetSearch(): Promise<void>;
  /** Writes rethrow, so the form can stay open and show why (SPEC §8). */
  saveTemplate(request: TemplateRequest, id?: number): Promise<Template>;
  removeTemplate(id: number): Promise<void>;
  addCategory(request: TemplateCategoryRequest): Promise<TemplateCategory>;
  /** Rethrows, so the form stays open with the reason. */
  editCategory(id: number, request: TemplateCategoryRequest): Promise<TemplateCategory>;
  /** Its templates go to General (the server moves them); a failure goes to the banner too. */
  removeCategory(id: number): Promise<void>;
  clearError(): void;
}

export type TemplatesState = TemplatesData & TemplatesActions;

export const initialTemplatesData: TemplatesData = {
  templates: [],
  page: 0,
  totalPages: 0,
  totalItems: 0,
  allCount: 0,
  categories: [],
  popular: [],
  selectedCategoryId: null,
  keyword: '',
  isLoading: false,
  error: null,
};

// A newer load supersedes an older one still in flight (a fast category click, then a search).
let latestLoad = 0;

export const useTemplatesStore = create<TemplatesState>()((set, get) => ({
  ...initialTemplatesData,

  async loadTemplates(page = get().page) {
    const load = ++latestLoad;
    const { selectedCategoryId, keyword } = get();
    const params = { page, size: PAGE_SIZE_DEFAULT, categoryId: selectedCategoryId ?? undefined };
    const filtered = selectedCategoryId !== null || keyword !== '';
    set({ isLoading: true });
    try {
      const [result, all] = await Promise.all([
        keyword ? searchTemplates({ ...params, keyword }) : fetchTemplates(params),
        // The All count is the unfiltered total; ask for it only when the list is filtered.
        filtered ? fetchTemplates({ page: 0, size: 1 }) : null,
      ]);
      if (load !== latestLoad) return;
      set({
        templates: result.content,
        page: result.number,
        totalPages: result.totalPages,
        totalItems: result.totalElements,
        allCount: all ? all.totalElements : result.totalElements,
        isLoading: false,
      });
    } catch (error) {
      if (load !== latestLoad) return;
      set({ isLoading: false, error: messageOf(error) });
    }
  },

  async loadCategories() {
    try {
      set({ categories: await fetchCategories() });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },

  async loadPopular() {
    try {
      set({ popular: await fetchPopularTemplates() });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },

  async reloadAll() {
    await Promise.all([get().loadTemplates(), get().loadCategories(), get().loadPopular()]);
  },

  async selectCategory(categoryId) {
    set({ selectedCategoryId: categoryId });
    await get().loadTemplates(0);
  },

  async search(keyword) {
    set({ keyword: keyword.trim() });
    await get().loadTemplates(0);
  },

  async resetSearch() {
    set({ keyword: '' });
    await get().loadTemplates(0);
  },

  async saveTemplate(request, id) {
    const saved = id === undefined ? await createTemplate(request) : await updateTemplate(id, request);
    await get().reloadAll();
    return saved;
  },

  async removeTemplate(id) {
    try {
      await deleteTemplate(id);
    } catch (error) {
      set({ error: messageOf(error) });
      throw error;
    }
    const { templates, page } = get();
    // Deleting the last card of a page shows the page before it.
    const target = templates.length === 1 && page > 0 ? page - 1 : page;
    await Promise.all([get().loadTemplates(target), get().loadCategories(), get().loadPopular()]);
  },

  async addCategory(request) {
    const category = await createCategory(request);
    await get().loadCategories();
    return category;
  },

  async editCategory(id, request) {
    const category = await updateCategory(id, request);
    // Cards show the category's name and colour, so they are read again too.
    await Promise.all([get().loadCategories(), get().loadTemplates()]);
    return category;
  },

  async removeCategory(id) {
    try {
      await deleteCategory(id);
    } catch (error) {
      set({ error: messageOf(error) });
      throw error;
    }
    // The list of a category that is gone would stay empty: show All instead.
    if (get().selectedCategoryId === id) set({ selectedCategoryId: null, page: 0 });
    await get().reloadAll();
  },

  clearError() {
    set({ error: null });
  },
}));
