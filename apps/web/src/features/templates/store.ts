import { create } from 'zustand';

/** What the templates page shows: which category, which search, which page. Server data is cached apart (queries.ts). */
interface TemplatesView {
  /** null: All. */
  selectedCategoryId: number | null;
  /** The search that is applied (not what is being typed). */
  keyword: string;
  /** 0-based, as the server counts. */
  page: number;
  /** A failed change (SPEC §2): shown in a banner until closed. */
  error: string | null;
}

export const initialTemplatesView: TemplatesView = {
  selectedCategoryId: null,
  keyword: '',
  page: 0,
  error: null,
};

export const useTemplatesStore = create<TemplatesView>()(() => initialTemplatesView);
