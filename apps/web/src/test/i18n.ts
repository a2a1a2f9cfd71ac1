import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { I18N_AREAS } from '@/locales/areas';

type Catalogue = Record<string, unknown>;

// The real catalogues from src/locales, so tests read the words a user reads.
const files = import.meta.glob<Catalogue>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function resources(): Record<string, Record<string, Catalogue>> {
  const byLanguage: Record<string, Record<string, Catalogue>> = {};
  for (const [file, catalogue] of Object.entries(files)) {
    const match = /locales\/(\w+)\/(\w+)\.json$/.exec(file);
    if (!match?.[1] || !match[2]) continue;
    (byLanguage[match[1]] ??= {})[match[2]] = catalogue;
  }
  return byLanguage;
}

export async function initTestI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: 'ko',
    fallbackLng: 'ko',
    ns: [...I18N_AREAS],
    defaultNS: 'common',
    fallbackNS: 'common',
    resources: resources(),
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
}
