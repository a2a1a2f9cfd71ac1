import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@postline/shared/errors';
import { changeLanguage, currentLanguage, isLanguage } from '@/lib/i18n';

/** Each language is named in itself, so it can be found by someone who cannot read the other. */
const NATIVE_NAMES: Record<Language, string> = { ko: '한국어', en: 'English' };

export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  // useTranslation re-renders this component whenever the language changes.
  const active = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={clsx('inline-flex rounded-lg border border-gray-200 bg-white p-0.5 text-sm', className)}
    >
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          aria-pressed={active === lng}
          onClick={() => {
            if (active !== lng) void changeLanguage(lng);
          }}
          className={clsx(
            'rounded-md px-3 py-1 transition-colors',
            active === lng ? 'bg-brand-500 font-medium text-white' : 'text-gray-600 hover:bg-gray-100',
          )}
        >
          {NATIVE_NAMES[lng]}
        </button>
      ))}
    </div>
  );
}
