import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '@postline/shared/errors';
import { localizeValidationMessage, splitValidationMessage } from '@postline/shared/validation-messages';

/**
 * The text of a shared schema's issue message ('key' or 'key|value') from this area's
 * validation.* keys; a key this area does not list falls back to the contract's own wording.
 */
export function useValidationText(): (message: string) => string {
  const { t, i18n } = useTranslation('templates');
  const language = i18n.resolvedLanguage === 'en' ? 'en' : DEFAULT_LANGUAGE;
  return (message) => {
    const { key, value } = splitValidationMessage(message);
    return t(`validation.${key}`, {
      value,
      example: '{{name}}',
      defaultValue: localizeValidationMessage(message, language),
    });
  };
}
