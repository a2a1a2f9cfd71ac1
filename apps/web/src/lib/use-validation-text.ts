import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '@postline/shared/errors';
import { localizeValidationMessage, splitValidationMessage } from '@postline/shared/validation-messages';

/**
 * The text of a shared schema's issue message ('key' or 'key|value') from an area's validation.*
 * keys; a key the area does not list falls back to the contract's own wording.
 */
export function useValidationText(
  area: string,
  extra: Record<string, string> = {},
): (message: string) => string {
  const { t, i18n } = useTranslation(area);
  const language = i18n.resolvedLanguage === 'en' ? 'en' : DEFAULT_LANGUAGE;
  return (message) => {
    const { key, value } = splitValidationMessage(message);
    return t(`validation.${key}`, {
      value,
      ...extra,
      defaultValue: localizeValidationMessage(message, language),
    });
  };
}
