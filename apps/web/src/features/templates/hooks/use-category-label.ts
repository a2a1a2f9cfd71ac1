import { useTranslation } from 'react-i18next';
import type { TemplateCategoryCode } from '@postline/shared/templates';

/**
 * A category's name in the current language: the built-in four are named when the user's account
 * is made, in that day's language, so they are shown by code instead of by their stored name.
 */
export function useCategoryLabel(): (category: {
  code: TemplateCategoryCode | null;
  name: string | null;
}) => string {
  const { t } = useTranslation('templates');
  return ({ code, name }) => (code ? t(`categories.${code}`) : (name ?? t('card.uncategorized')));
}
