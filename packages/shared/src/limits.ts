/** Business constants and limits of SPEC §5 and §9: the single source for server and web. */
const MB = 1024 * 1024;

export const API_TIMEOUT_MS = 10_000;
export const API_BASE_PATH = '/api/v1';

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
export const PAGE_SIZE_MAX = 100;
export const DASHBOARD_RECENT_MESSAGES = 5;
/** The dashboard's total and unread leave out these folders (drafts have their own card). */
export const DASHBOARD_UNCOUNTED_FOLDERS: readonly string[] = ['TRASH', 'SPAM', 'DRAFTS'];

export const COMPOSE_MAX_FILES = 10;
export const COMPOSE_MAX_FILE_BYTES = 25 * MB;
export const UPLOADER_DEFAULT_MAX_FILES = 5;
export const UPLOADER_DEFAULT_MAX_FILE_BYTES = 10 * MB;
export const DEFAULT_FILE_SIZE_LIMIT_BYTES = 10 * MB;
/** Inbound SMTP: a whole message over this is refused with 552. */
export const SMTP_MAX_MESSAGE_BYTES = 50 * MB;

export const SIGNATURE_NAME_MAX = 100;
export const SIGNATURE_CONTENT_MAX = 2000;
/** Characters a signature name must not contain (SPEC §5). */
export const SIGNATURE_NAME_FORBIDDEN = /[<>"/\\|?*]/;

export const TEMPLATE_SUBJECT_MAX = 200;
export const TEMPLATE_BODY_MAX = 10_000;
export const TEMPLATE_NAME_MAX = 100;
export const DEFAULT_CATEGORY_COLOR = '#3B82F6';
export const POPULAR_TEMPLATES_DEFAULT_LIMIT = 10;
export const POPULAR_TEMPLATES_SHOWN = 5;

export const DEFAULT_PRIORITY = 3;
export const DEFAULT_IMPORTANCE = 'NORMAL';

export const TOKEN_EXPIRY_SKEW_MS = 5 * 60_000;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const OIDC_EXCHANGE_CODE_TTL_SECONDS = 60;

export const NOTIFICATION_CLEANUP_DEFAULT_DAYS = 30;
export const UNREAD_BADGE_CAP = 99;

export const MOCK_LOGIN_REDIRECT_DELAY_MS = 100;
export const LOGOUT_AFTER_REFRESH_FAILURE_MS = 100;

export const REALTIME_RECONNECT_DELAY_MS = 5000;
export const REALTIME_MAX_ATTEMPTS = 5;
export const REALTIME_HEARTBEAT_MS = 4000;
export const DESKTOP_NOTIFICATION_AUTO_CLOSE_MS = 5000;

export const TOAST_DURATION_MS = {
  NEW_MESSAGE: 5000,
  MESSAGE_STATUS_UPDATE: 3000,
  MAILBOX_UPDATE: 3000,
  SYSTEM_ALERT: 6000,
  DEFAULT: 4000,
} as const;

export const FILTER_TEST_SAMPLE_COUNT = 5;

/** Translation loading (SPEC §1). */
export const I18N_MAX_RETRIES = 5;
export const I18N_RETRY_DELAY_MS = 350;

/** The basic recipient pattern of SPEC §5: non-space text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 1024-step sizes (SPEC §3, §9). Attachments show KB with one decimal. */
export function formatBytes(bytes: number, decimals = 1): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(decimals)} ${units[unit]}`;
}

/** Limits of the mail, template and signature contracts (limits SPEC.md leaves to us). */
export const MAILBOX_NAME_MAX = 100;
export const EMAIL_ADDRESS_MAX = 254;
export const MESSAGE_RECIPIENTS_MAX = 100;
/** RFC 5322 caps a header line at 998 characters; longer subjects would be folded oddly. */
export const MESSAGE_SUBJECT_MAX = 998;
export const MESSAGE_BODY_MAX = 1_000_000;
export const MESSAGE_LABELS_MAX = 20;
export const MESSAGE_LABEL_MAX = 50;
export const MESSAGE_PRIORITY_MIN = 1;
export const MESSAGE_PRIORITY_MAX = 5;
export const SEARCH_KEYWORD_MAX = 200;
/** The search box's whole query, operators and all. */
export const SEARCH_QUERY_MAX = 500;
/**
 * Words, phrases and operators one search may hold (issue 32): each is a substring test of every
 * message it reads, so their number multiplies a search's cost. 125 of them in a 500-character
 * query read 5,000 messages for 30 s on PGlite.
 */
export const SEARCH_CONDITIONS_MAX = 20;
export const BULK_IDS_MAX = 100;
/** Ticked messages one POST /messages/bulk may name (a whole folder goes by scope instead). */
export const MESSAGE_BULK_IDS_MAX = 1000;
/** Most file systems cap a name at 255 bytes. */
export const FILE_NAME_MAX_BYTES = 255;
export const TEMPLATE_HTML_MAX = 100_000;
export const TEMPLATE_CATEGORY_NAME_MAX = 50;
export const TEMPLATE_CATEGORY_DESCRIPTION_MAX = 500;
export const TEMPLATE_VARIABLE_VALUE_MAX = 1000;
export const TEMPLATE_IMPORT_MAX = 100;
export const POPULAR_TEMPLATES_MAX_LIMIT = 50;
/** Raw HTML cap of a signature; the 2000-character rule counts its plain text. */
export const SIGNATURE_HTML_MAX = 20_000;
export const IMAGE_URL_MAX = 2048;
