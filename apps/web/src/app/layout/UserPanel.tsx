import { useTranslation } from 'react-i18next';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { useAuthStore } from '@/features/auth/store';

/** The signed-in user with a logout button; fallback texts cover a missing name or e-mail. */
export function UserPanel() {
  const { t } = useTranslation('user');
  const user = useAuthStore((state) => state.user);
  const logout = useLogout();
  const name = user?.name?.trim() || t('fallbackName');
  const email = user?.email?.trim() || t('fallbackEmail');
  const initial = (user?.name?.trim() || user?.email?.trim() || t('fallbackInitial')).charAt(0).toUpperCase();

  return (
    <div className="flex items-center gap-3 border-t border-gray-200 p-4">
      <div
        aria-hidden="true"
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-500 font-semibold text-white"
      >
        {initial}
      </div>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-gray-900" data-testid="user-name">
          {name}
        </p>
        <p className="truncate text-xs text-gray-500" data-testid="user-email">
          {email}
        </p>
      </div>
      <button
        type="button"
        onClick={() => void logout()}
        className="shrink-0 rounded-lg px-2 py-1 text-xs font-medium text-gray-600 hover:bg-gray-100 hover:text-gray-900"
      >
        {t('logout')}
      </button>
    </div>
  );
}
