/**
 * The server's texts (mail it writes, errors, notifications, filter descriptions), one JSON file per
 * language and area, like the web's public/locales. Imported rather than read from disk so that tsc
 * copies them to dist with the code that uses them.
 */
import enAttachments from './en/attachments.json' with { type: 'json' };
import enContacts from './en/contacts.json' with { type: 'json' };
import enFilters from './en/filters.json' with { type: 'json' };
import enMail from './en/mail.json' with { type: 'json' };
import enFolders from './en/folders.json' with { type: 'json' };
import enMessages from './en/messages.json' with { type: 'json' };
import enNotifications from './en/notifications.json' with { type: 'json' };
import enScheduled from './en/scheduled.json' with { type: 'json' };
import enSignatures from './en/signatures.json' with { type: 'json' };
import enTemplates from './en/templates.json' with { type: 'json' };
import enValidation from './en/validation.json' with { type: 'json' };
import koAttachments from './ko/attachments.json' with { type: 'json' };
import koContacts from './ko/contacts.json' with { type: 'json' };
import koFilters from './ko/filters.json' with { type: 'json' };
import koMail from './ko/mail.json' with { type: 'json' };
import koFolders from './ko/folders.json' with { type: 'json' };
import koMessages from './ko/messages.json' with { type: 'json' };
import koNotifications from './ko/notifications.json' with { type: 'json' };
import koScheduled from './ko/scheduled.json' with { type: 'json' };
import koSignatures from './ko/signatures.json' with { type: 'json' };
import koTemplates from './ko/templates.json' with { type: 'json' };
import koValidation from './ko/validation.json' with { type: 'json' };

const ko = {
  attachments: koAttachments,
  contacts: koContacts,
  filters: koFilters,
  mail: koMail,
  folders: koFolders,
  messages: koMessages,
  notifications: koNotifications,
  scheduled: koScheduled,
  signatures: koSignatures,
  templates: koTemplates,
  validation: koValidation,
};

export const SERVER_TEXTS = {
  ko,
  en: {
    attachments: enAttachments,
    contacts: enContacts,
    filters: enFilters,
    mail: enMail,
    folders: enFolders,
    messages: enMessages,
    notifications: enNotifications,
    scheduled: enScheduled,
    signatures: enSignatures,
    templates: enTemplates,
    validation: enValidation,
  },
} satisfies Record<'ko' | 'en', typeof ko>;

export type ServerTextArea = keyof typeof ko;
export const SERVER_TEXT_AREAS = Object.keys(ko) as ServerTextArea[];

/** Dotted paths to the texts of a JSON tree; a plural's forms (`matched_one`, `matched_other`) count as one key. */
type TextPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K extends `${infer Base}_${'one' | 'other'}` ? Base : K}`
    : TextPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** 'area:path.to.text', checked against the Korean files (the parity test keeps English in step). */
export type ServerTextKey = {
  [A in ServerTextArea]: `${A}:${TextPaths<(typeof ko)[A]>}`;
}[ServerTextArea];
