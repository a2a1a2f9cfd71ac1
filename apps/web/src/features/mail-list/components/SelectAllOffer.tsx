import { useTranslation } from 'react-i18next';

interface SelectAllOfferProps {
  pageCount: number;
  total: number;
  allInFolder: boolean;
  onSelectAll: () => void;
  onClear: () => void;
}

/** Gmail's offer once a whole page is ticked: take every message of the folder, or undo that. */
export function SelectAllOffer({ pageCount, total, allInFolder, onSelectAll, onClear }: SelectAllOfferProps) {
  const { t } = useTranslation('mailList');
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 border-b border-gray-100 bg-brand-50 px-4 py-2 text-center text-sm text-gray-700"
    >
      {allInFolder ? (
        <>
          <span>{t('bulk.allInFolderSelected', { count: total })}</span>
          <button type="button" className="font-medium text-brand-700 hover:underline" onClick={onClear}>
            {t('bulk.clearSelection')}
          </button>
        </>
      ) : (
        <>
          <span>{t('bulk.pageSelected', { count: pageCount })}</span>
          <button type="button" className="font-medium text-brand-700 hover:underline" onClick={onSelectAll}>
            {t('bulk.selectAllInFolder', { count: total })}
          </button>
        </>
      )}
    </div>
  );
}
