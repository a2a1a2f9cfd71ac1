import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BellIcon } from '@/components/ui/icons';
import { paths } from '@/lib/paths';

/**
 * The top bar's bell. For now the panel only says where notifications will appear; the
 * notifications issue adds the unread badge, list, settings and test button (SPEC §2).
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-label={t('bell')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="relative rounded-full p-2 text-gray-600 hover:bg-gray-100"
      >
        <BellIcon size={22} />
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label={t('title')}
          className="absolute right-0 z-30 mt-2 w-80 rounded-xl bg-white shadow-lg ring-1 ring-gray-200"
        >
          <div className="border-b border-gray-100 px-4 py-3 font-semibold text-gray-900">{t('title')}</div>
          <p className="px-4 py-8 text-center text-sm text-gray-500">{t('panelPlaceholder')}</p>
          <div className="border-t border-gray-100 p-2">
            <Link
              to={paths.notifications}
              onClick={() => setOpen(false)}
              className="block rounded-lg px-3 py-2 text-center text-sm font-medium text-brand-600 hover:bg-brand-50"
            >
              {t('viewAll')}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
