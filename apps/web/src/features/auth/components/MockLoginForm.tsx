import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MOCK_LOGIN_REDIRECT_DELAY_MS } from '@postline/shared/limits';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { paths } from '@/lib/paths';
import { adoptAccountLanguage } from '../account-language';
import { takeReturnTo } from '../return-to';
import { useAuthStore } from '../store';

const inputClass =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-sm shadow-sm placeholder:text-gray-500 focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none';

/** The development sign-in of SPEC §2: e-mail and name, both required. */
export function MockLoginForm() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const titleId = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  // The API client is not on the login page's first load; fetch it once the user starts typing.
  const loadMockLogin = () => import('../api/mock-login');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !name.trim()) {
      toast.error(t('toast.emailNameRequired'));
      return;
    }
    setSubmitting(true);
    try {
      const { mockLogin } = await loadMockLogin();
      const { user, ...tokens } = await mockLogin({ email, name });
      useAuthStore.getState().signIn(tokens, user);
      await adoptAccountLanguage(user);
      // Said in the language just adopted; `t` still speaks the one this render had.
      toast.success(i18n.t('toast.loginSuccess', { ns: 'auth' }));
      redirectTimer.current = setTimeout(
        // Back where the visitor was going, a compose left when the session ended too (issue 34).
        () => navigate(takeReturnTo() ?? paths.dashboard, { replace: true }),
        MOCK_LOGIN_REDIRECT_DELAY_MS,
      );
    } catch {
      toast.error(t('toast.loginError'));
      setSubmitting(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void loadMockLogin()}
      className="space-y-4"
      aria-labelledby={titleId}
    >
      <div>
        <h2 id={titleId} className="text-sm font-semibold text-gray-900">
          {t('login.mockTitle')}
        </h2>
        <p className="mt-0.5 text-xs text-gray-500">{t('login.mockHint')}</p>
      </div>
      <Field label={t('login.email')}>
        {(control) => (
          <input
            {...control}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            placeholder={t('login.emailPlaceholder')}
            className={inputClass}
          />
        )}
      </Field>
      <Field label={t('login.name')}>
        {(control) => (
          <input
            {...control}
            name="name"
            type="text"
            autoComplete="name"
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder={t('login.namePlaceholder')}
            className={inputClass}
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full" isLoading={submitting}>
        {submitting ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
