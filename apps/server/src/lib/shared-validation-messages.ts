import type { Language } from '@postline/shared/errors';
import {
  isValidationMessageKey,
  localizeValidationMessage,
  splitValidationMessage,
} from '@postline/shared/validation-messages';
import { byLanguage } from './i18n.js';
import { registerValidationMessages } from './validation-text.js';

/**
 * The shared contract's issue messages are `key` or `key|value` ('invalidVariable|{{first name}}',
 * 'tooLong|2000'). The server's lookup is by whole message, so this table answers any such message
 * by splitting it, and the user sees the value in the text. Templates and signatures both register
 * it. Apart from validation-text.ts because it needs i18n.ts, which imports validation-text.ts.
 */
const sharedMessages = new Proxy({} as Record<string, Record<Language, string>>, {
  get(_target, property) {
    if (typeof property !== 'string') return undefined;
    if (!isValidationMessageKey(splitValidationMessage(property).key)) return undefined;
    return byLanguage((lang) => localizeValidationMessage(property, lang));
  },
});

/** Idempotent: templates and signatures both call it for each app. */
export function registerSharedValidationMessages(): void {
  registerValidationMessages(sharedMessages);
}
