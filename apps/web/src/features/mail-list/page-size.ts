import { PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS } from '@postline/shared/limits';

/*
 * The list's page size as the person last chose it, kept in this browser (issue 34): a folder
 * opened from the sidebar, a reload without ?size= or the next visit shows that many rows, not 20
 * again. A setting of the device rather than the account, as the rows a screen fits are.
 */
const STORAGE_KEY = 'postline.pageSize';

export function isPageSize(size: number): boolean {
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(size);
}

export function rememberedPageSize(): number {
  try {
    const size = Number(localStorage.getItem(STORAGE_KEY));
    return isPageSize(size) ? size : PAGE_SIZE_DEFAULT;
  } catch {
    return PAGE_SIZE_DEFAULT;
  }
}

export function rememberPageSize(size: number): void {
  try {
    if (size === PAGE_SIZE_DEFAULT) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, String(size));
  } catch {
    // Storage refused (private mode, quota): the size holds for this list only.
  }
}
