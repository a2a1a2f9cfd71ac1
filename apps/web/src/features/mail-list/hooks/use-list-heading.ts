import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Mailbox } from '@postline/shared/mailbox';
import { highlightTerms, parseSearchQuery } from '@postline/shared/search-syntax';
import { isSearchApplied, type FolderRef } from '../list-params';
import { searchScopeOf } from '../search-query';

/**
 * What the list says about itself: its title (the folder's name, or where a search looks), the
 * hint of an empty folder, and the words a search highlights in the rows.
 */
export function useListHeading(folder: FolderRef, search: string | null, shown: Mailbox | undefined) {
  const { t } = useTranslation('mailList');
  const searching = isSearchApplied(search);
  const folderTitle =
    folder.kind === 'custom'
      ? (shown?.name ?? t('folders.unknown'))
      : t(`folders.${folder.slug}`, { defaultValue: t('folders.unknown') });
  const highlight = useMemo(() => {
    const parsed = parseSearchQuery(search ?? '');
    return parsed.ok ? highlightTerms(parsed.node) : [];
  }, [search]);
  // A search looks where its own scope (in:) says, not in the folder it was started from.
  const searchScope = searching ? searchScopeOf(search ?? '') : null;
  const title = !searching
    ? folderTitle
    : searchScope
      ? t('search.titleIn', {
          folder:
            'system' in searchScope
              ? t(`folders.${searchScope.system.toLowerCase()}`, { defaultValue: searchScope.system })
              : searchScope.name,
        })
      : t('search.titleAll');
  const emptyHint = t(`empty.hint.${folder.kind === 'system' ? folder.slug : folder.kind}`, {
    defaultValue: t('empty.hint.custom'),
  });
  return { searching, title, emptyHint, highlight };
}
