import { useEffect } from 'react';
import { toast } from '@/components/ui/toast';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LanguageSwitcher } from '@/components/LanguageSwitcher';
import { Button } from '@/components/ui/Button';
import { redirectBrowser } from '@/lib/browser';
import { OIDC_AUTHORIZE_PATH } from '@/lib/contract-constants';
import { MockLoginForm } from './MockLoginForm';
import { Emoji } from '@/components/ui/Emoji';
import { MailIcon } from '@/components/ui/icons';

/** Texts for the ?error= values the server's sign-in redirect can carry. */
const KNOWN_PROVIDER_ERRORS = [
  'oidc_not_configured',
  'access_denied',
  'invalid_request',
  'invalid_state',
  'email_not_verified',
  'server_error',
];

export function LoginPage() {
  const { t } = useTranslation('auth');
  const [searchParams, setSearchParams] = useSearchParams();
  const providerError = searchParams.get('error');

  useEffect(() => {
    if (!providerError) return;
    const text = KNOWN_PROVIDER_ERRORS.includes(providerError)
      ? t(`providerErrors.${providerError}`)
      : t('providerErrors.generic', { error: providerError });
    // A fixed id: StrictMode's second effect run must not show it twice.
    toast.error(text, { id: `login-error-${providerError}` });
    // Said once: a reload or a shared link must not repeat it.
    setSearchParams(
      (params) => {
        params.delete('error');
        return params;
      },
      { replace: true },
    );
  }, [providerError, t, setSearchParams]);

  function signInWithKeycloak() {
    try {
      redirectBrowser(OIDC_AUTHORIZE_PATH);
    } catch {
      toast.error(t('toast.oauthError'));
    }
  }

  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 to-gray-50">
      <div className="flex justify-end p-4">
        <LanguageSwitcher />
      </div>
      <main className="flex flex-1 items-start justify-center px-4 pb-16 sm:items-center">
        <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-sm ring-1 ring-gray-200">
          <div className="mb-8 text-center">
            <p className="text-3xl font-bold text-gray-900">
              <Emoji
                symbol="✉️"
                fallback={<MailIcon size={28} className="inline align-[-4px] text-brand-600" />}
              />{' '}
              Postline
            </p>
            <h1 className="mt-3 text-lg font-semibold text-gray-800">{t('login.title')}</h1>
            <p className="mt-1 text-sm text-gray-500">{t('login.subtitle')}</p>
          </div>
          <Button variant="secondary" size="lg" className="w-full" onClick={signInWithKeycloak}>
            {t('login.keycloak')}
          </Button>
          <div className="my-6 flex items-center gap-3 text-xs text-gray-500" aria-hidden="true">
            <span className="h-px flex-1 bg-gray-200" />
            {t('login.or')}
            <span className="h-px flex-1 bg-gray-200" />
          </div>
          <MockLoginForm />
          <p className="mt-6 text-center text-xs leading-relaxed text-gray-500">{t('login.terms')}</p>
        </div>
      </main>
    </div>
  );
}
