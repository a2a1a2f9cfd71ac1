import { useEffect, useRef } from 'react';
import { toast } from '@/components/ui/toast';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/lib/paths';
import { adoptAccountLanguage } from '../account-language';
import { exchangeToken } from '../api/exchange-token';
import { fetchMe } from '../api/me';
import { takeReturnTo } from '../return-to';
import { useAuthStore } from '../store';

/** /auth/callback (SPEC §4): trades the one-time code for a session, exactly once. */
export function AuthCallbackPage() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // StrictMode mounts twice in development; the code is single-use, so only the first run trades it.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const error = searchParams.get('error');
    const code = searchParams.get('code');

    if (error) {
      // The login page owns the wording of provider errors and shows it as a toast.
      navigate(`${paths.login}?${new URLSearchParams({ error }).toString()}`, { replace: true });
      return;
    }
    if (!code) {
      toast.error(t('toast.missingAuthInfo'));
      navigate(paths.login, { replace: true });
      return;
    }

    void (async () => {
      const store = useAuthStore.getState();
      try {
        const tokens = await exchangeToken(code);
        store.setTokens(tokens);
        const user = await fetchMe();
        store.setUser(user);
        await adoptAccountLanguage(user);
        // Said in the language just adopted; `t` still speaks the one this render had.
        toast.success(i18n.t('toast.loginSuccess', { ns: 'auth' }));
        navigate(takeReturnTo() ?? paths.dashboard, { replace: true });
      } catch {
        store.clearAuth();
        toast.error(t('toast.processingError'));
        navigate(paths.login, { replace: true });
      }
    })();
  }, [navigate, searchParams, t, i18n]);

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-gray-50 text-center">
      <span className="text-brand-500">
        <Spinner size="lg" decorative />
      </span>
      <div role="status">
        <h1 className="text-lg font-semibold text-gray-900">{t('callback.processing')}</h1>
        <p className="mt-1 text-sm text-gray-500">{t('callback.wait')}</p>
      </div>
    </main>
  );
}
