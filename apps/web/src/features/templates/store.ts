import { create } from 'zustand';

/** What the templates page shows: which category, which search, which page. Server data is cached apart (queries.ts). */
interface TemplatesView {
  /** null: All. */
  selectedCategoryId: number | null;
  /** The search that is applied (not what is being typed). */
  keyword: string;
  /** 0-based, as the server counts. */
  page: number;
}

export const initialTemplatesView: TemplatesView = {
  selectedCategoryId: null,
  keyword: '',
  page: 0,
};

export const useTemplatesStore = create<TemplatesView>()(() => initialTemplatesView);
