// Over 300 lines on purpose: every environment variable in one zod schema, parsed once (DESIGN.md
// "Runtime"), so that the whole configuration and its defaults read in one place.
import path from 'node:path';
import { z } from 'zod';
import {
  ATTACHMENT_TYPE_GROUP_NAMES,
  resolveAllowedAttachmentTypes,
} from '@postline/shared/attachment-rules';
import { DEFAULT_INBOUND_PARSE, DEFAULT_SMTP_LIMITS } from './lib/mail-limits.js';
import { DEFAULT_REQUEST_DEADLINES } from './lib/request-deadlines.js';

/** The parts one process can run (docs/SCALING.md "Running the parts apart"); every one by default. */
export const SERVICES = ['web', 'smtp', 'worker'] as const;
export type Service = (typeof SERVICES)[number];

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** Every environment variable the server reads, parsed once (DESIGN.md "Runtime"). */
const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8082),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.string().url().optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).optional(),
    /** Which parts run in this process, comma separated: web (HTTP and /ws), smtp (inbound), worker (outbox). */
    SERVICES: z
      .string()
      .default(SERVICES.join(','))
      .transform((list) => [...new Set(list.split(',').map((name) => name.trim().toLowerCase()))])
      .pipe(z.array(z.enum(SERVICES, { message: `one of ${SERVICES.join(', ')}` })).min(1)),
    SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
    SMTP_HOST: z.string().min(1).optional(),
    SMTP_RELAY_URL: z.string().url().optional(),
    /** PEM files; with both, inbound SMTP offers STARTTLS. */
    SMTP_TLS_KEY_FILE: z.string().min(1).optional(),
    SMTP_TLS_CERT_FILE: z.string().min(1).optional(),
    /** Inbound SMTP caps and deadlines (docs/OPERATIONS.md "Hardening"). */
    SMTP_MAX_CLIENTS: z.coerce.number().int().min(1).default(DEFAULT_SMTP_LIMITS.maxClients),
    SMTP_MAX_PER_IP: z.coerce.number().int().min(1).default(DEFAULT_SMTP_LIMITS.perIpSessions),
    SMTP_LINE_DEADLINE_SECONDS: z.coerce
      .number()
      .positive()
      .default(DEFAULT_SMTP_LIMITS.commandDeadlineMs / 1000),
    SMTP_DATA_DEADLINE_SECONDS: z.coerce
      .number()
      .positive()
      .default(DEFAULT_SMTP_LIMITS.dataDeadlineMs / 1000),
    /** Issue 32: the last slots kept for new addresses, a session's lifetime, and the junk limit. */
    SMTP_RESERVED_SESSIONS: z.coerce.number().int().min(0).default(DEFAULT_SMTP_LIMITS.reservedSessions),
    SMTP_SESSION_LIFETIME_SECONDS: z.coerce
      .number()
      .positive()
      .default(DEFAULT_SMTP_LIMITS.sessionLifetimeMs / 1000),
    SMTP_JUNK_COMMAND_LIMIT: z.coerce.number().int().min(1).default(DEFAULT_SMTP_LIMITS.junkCommandLimit),
    /** The domain this server receives mail for; new users' addresses need not be in it. */
    MAIL_DOMAIN: z.string().min(1).default('postline.local'),
    /** The host other servers reach for MAIL_DOMAIN (its MX record); mail.<MAIL_DOMAIN> by default. */
    MAIL_HOST: z.string().min(1).optional(),
    /** DKIM (issue 15): the selector of the key outgoing mail is signed with, and its PEM file. */
    DKIM_SELECTOR: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,62}$/i, 'letters, digits and -')
      .default('postline'),
    DKIM_PRIVATE_KEY_FILE: z.string().min(1).optional(),
    /** Sender checks of inbound mail (SPF, DKIM, DMARC, ARC): on except in tests, which turn them on. */
    SENDER_CHECKS: booleanText.optional(),
    /** "ip" or "ip:port", comma separated: the resolvers sender checks ask; the machine's otherwise. */
    DNS_SERVERS: z.string().optional(),
    /** Tests only: one-click unsubscribe may post to loopback addresses, over http: too. */
    UNSUBSCRIBE_ALLOW_LOOPBACK: booleanText.optional(),
    /**
     * What happens to mail failing DMARC whose domain says p=reject: refused at DATA (550), filed in
     * Spam, or only marked. p=quarantine failures go to Spam unless this is `tag`.
     */
    DMARC_ENFORCE: z.enum(['reject', 'quarantine', 'tag']).default('reject'),
    /** rspamd's normal worker (e.g. http://127.0.0.1:11333); without it no spam scoring. */
    RSPAMD_URL: z.string().url().optional(),
    /** rspamd's controller, for learning; the worker's host on port 11334 by default. */
    RSPAMD_CONTROLLER_URL: z.string().url().optional(),
    RSPAMD_PASSWORD: z.string().optional(),
    AUTH_MOCK_LOGIN: booleanText.optional(),
    OIDC_ISSUER_URL: z.string().url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    PUBLIC_URL: z.string().url().optional(),
    JWT_SECRET: z.string().min(32).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    /** Sign-in and refresh attempts per minute, per IP and per account. */
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    /** Search's budget (issue 32, modules/messages/search-budget.ts); unset: the database's default. */
    SEARCH_TIMEOUT_SECONDS: z.coerce.number().positive().optional(),
    SEARCH_MAX_PER_USER: z.coerce.number().int().min(1).default(2),
    SEARCH_MAX_CONCURRENT: z.coerce.number().int().min(1).optional(),
    WEB_DIST_DIR: z.string().optional(),
    /** Allowed Origin values for the real-time handshake, comma separated; PUBLIC_URL is always allowed. */
    ALLOWED_ORIGINS: z.string().optional(),
    /** How long a client may take to send a request (issue 32, lib/request-deadlines.ts). */
    HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce
      .number()
      .positive()
      .default(DEFAULT_REQUEST_DEADLINES.headersMs / 1000),
    HTTP_BODY_GRACE_SECONDS: z.coerce
      .number()
      .positive()
      .default(DEFAULT_REQUEST_DEADLINES.bodyGraceMs / 1000),
    HTTP_BODY_MIN_BYTES_PER_SECOND: z.coerce
      .number()
      .int()
      .min(1)
      .default(DEFAULT_REQUEST_DEADLINES.bodyMinBytesPerSecond),
    HTTP_BODY_TIMEOUT_SECONDS: z.coerce
      .number()
      .positive()
      .default(DEFAULT_REQUEST_DEADLINES.bodyMs / 1000),
    HTTP_UPLOAD_TIMEOUT_SECONDS: z.coerce
      .number()
      .positive()
      .default(DEFAULT_REQUEST_DEADLINES.uploadMs / 1000),

    // Hardening (issue 11)
    /**
     * Which proxies may name the client in X-Forwarded-For: a hop count (1 = the one in front of
     * us) or addresses/CIDRs, comma separated. Unset: nobody, the socket's address is the client.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .regex(/^(\d+|[0-9a-fA-F:.,/\s]+|loopback|linklocal|uniquelocal)$/, 'a hop count or addresses/CIDRs')
      .optional(),
    /** The OpenAPI pages at /api/docs: on by default except in production. */
    API_DOCS: booleanText.optional(),

    /**
     * Where attachment and message-source bytes live: files under DATA_DIR/blobs (one node), or an
     * S3-compatible bucket that every node reaches (docs/SCALING.md). Credentials for S3 come from
     * the AWS SDK's usual chain (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_PROFILE...).
     */
    BLOB_STORE: z.enum(['file', 's3']).default('file'),
    S3_ENDPOINT: z.string().url().optional(),
    S3_BUCKET: z.string().min(3).optional(),
    S3_REGION: z.string().min(1).optional(),
    S3_PREFIX: z.string().optional(),
    /** Bucket in the path (http://host/bucket/key), as MinIO and most self-hosted stores want. */
    S3_FORCE_PATH_STYLE: booleanText.optional(),
    /** A blob written this recently is never deleted: another node may be about to refer to it. */
    S3_DELETE_GRACE_SECONDS: z.coerce.number().min(0).default(3600),
    /**
     * What compose may attach (issue 34): families (image, pdf, word, excel, powerpoint, hwp,
     * opendocument, text, csv, archive, audio, video) and extensions, comma separated; all by
     * default. Only types the server checks by content can be named: never a program or script.
     */
    ATTACHMENT_ALLOWED_TYPES: z
      .string()
      .default(ATTACHMENT_TYPE_GROUP_NAMES.join(','))
      .transform((list, ctx) => {
        const { extensions, unknown } = resolveAllowedAttachmentTypes(list);
        if (unknown.length > 0 || extensions.length === 0)
          ctx.addIssue({
            code: 'custom',
            message: `${unknown.length > 0 ? `unknown: ${unknown.join(', ')}; ` : ''}name families (${ATTACHMENT_TYPE_GROUP_NAMES.join(', ')}) or their extensions`,
          });
        return extensions;
      }),
    /**
     * Undo send and scheduled send (issue 36): the delay of a person who has not chosen one
     * (0 = mail goes at once, as before; tests), and how often the outbox worker looks for mail
     * whose time has come when no wake-up arrives (NOTIFY wakes it at once on PostgreSQL).
     */
    UNDO_SEND_DEFAULT_SECONDS: z.coerce
      .number()
      .int()
      .refine((v) => [0, 5, 10, 20, 30].includes(v), 'one of 0, 5, 10, 20, 30')
      .default(10),
    OUTBOX_POLL_SECONDS: z.coerce.number().positive().max(60).default(5),
    /** Reading inbound mail off the event loop (issue 32, mail/transport/parse-pool.ts): threads and deadline. */
    INBOUND_PARSE_THREADS: z.coerce.number().int().min(1).max(64).default(DEFAULT_INBOUND_PARSE.threads),
    INBOUND_PARSE_DEADLINE_SECONDS: z.coerce
      .number()
      .positive()
      .default(DEFAULT_INBOUND_PARSE.deadlineMs / 1000),
  })
  .refine((env) => env.SMTP_RESERVED_SESSIONS < env.SMTP_MAX_CLIENTS, {
    message: 'must be less than SMTP_MAX_CLIENTS',
    path: ['SMTP_RESERVED_SESSIONS'],
  })
  .refine((env) => env.BLOB_STORE !== 's3' || env.S3_BUCKET !== undefined, {
    message: 'BLOB_STORE=s3 needs S3_BUCKET',
    path: ['S3_BUCKET'],
  })
  .transform((env) => {
    const production = env.NODE_ENV === 'production';
    const dataDir = path.resolve(env.DATA_DIR);
    const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT || 8082}`;
    const oidc =
      env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID
        ? {
            issuerUrl: env.OIDC_ISSUER_URL,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
          }
        : undefined;
    return {
      env: env.NODE_ENV,
      production,
      port: env.PORT,
      host: env.HOST,
      dataDir,
      databaseUrl: env.DATABASE_URL,
      databasePoolSize: env.DATABASE_POOL_SIZE,
      services: new Set<Service>(env.SERVICES),
      smtp: {
        port: env.SMTP_PORT,
        host: env.SMTP_HOST ?? env.HOST,
        relayUrl: env.SMTP_RELAY_URL,
        tlsKeyFile: env.SMTP_TLS_KEY_FILE,
        tlsCertFile: env.SMTP_TLS_CERT_FILE,
        limits: {
          maxClients: env.SMTP_MAX_CLIENTS,
          perIpSessions: env.SMTP_MAX_PER_IP,
          commandDeadlineMs: env.SMTP_LINE_DEADLINE_SECONDS * 1000,
          dataDeadlineMs: env.SMTP_DATA_DEADLINE_SECONDS * 1000,
          reservedSessions: env.SMTP_RESERVED_SESSIONS,
          sessionLifetimeMs: env.SMTP_SESSION_LIFETIME_SECONDS * 1000,
          junkCommandLimit: env.SMTP_JUNK_COMMAND_LIMIT,
        },
      },
      attachments: { allowedExtensions: env.ATTACHMENT_ALLOWED_TYPES },
      inboundParse: {
        ...DEFAULT_INBOUND_PARSE,
        threads: env.INBOUND_PARSE_THREADS,
        deadlineMs: env.INBOUND_PARSE_DEADLINE_SECONDS * 1000,
      },
      sending: { undoDefaultSeconds: env.UNDO_SEND_DEFAULT_SECONDS, pollMs: env.OUTBOX_POLL_SECONDS * 1000 },
      mailDomain: env.MAIL_DOMAIN,
      mailHost: env.MAIL_HOST ?? `mail.${env.MAIL_DOMAIN}`,
      dkim: { selector: env.DKIM_SELECTOR, privateKeyFile: env.DKIM_PRIVATE_KEY_FILE },
      senderChecks: {
        enabled: env.SENDER_CHECKS ?? env.NODE_ENV !== 'test',
        dnsServers: (env.DNS_SERVERS ?? '')
          .split(',')
          .map((server) => server.trim())
          .filter(Boolean),
        dmarcEnforce: env.DMARC_ENFORCE,
      },
      unsubscribe: { allowLoopback: env.UNSUBSCRIBE_ALLOW_LOOPBACK ?? false },
      rspamd: env.RSPAMD_URL
        ? { url: env.RSPAMD_URL, controllerUrl: env.RSPAMD_CONTROLLER_URL, password: env.RSPAMD_PASSWORD }
        : undefined,
      mockLogin: env.AUTH_MOCK_LOGIN ?? !production,
      oidc,
      publicUrl: publicUrl.replace(/\/$/, ''),
      /** PUBLIC_URL was set: browser redirects always use it, never the request's own address. */
      publicUrlFixed: env.PUBLIC_URL !== undefined,
      jwtSecret: env.JWT_SECRET,
      logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'warn' : 'info'),
      authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
      search: {
        timeoutMs: env.SEARCH_TIMEOUT_SECONDS === undefined ? undefined : env.SEARCH_TIMEOUT_SECONDS * 1000,
        perUser: env.SEARCH_MAX_PER_USER,
        concurrent: env.SEARCH_MAX_CONCURRENT,
      },
      webDistDir: env.WEB_DIST_DIR,
      trustProxy: trustProxyOf(env.TRUST_PROXY),
      apiDocs: env.API_DOCS ?? !production,
      blobStore:
        env.BLOB_STORE === 's3' && env.S3_BUCKET
          ? {
              kind: 's3' as const,
              bucket: env.S3_BUCKET,
              prefix: env.S3_PREFIX ?? '',
              endpoint: env.S3_ENDPOINT,
              region: env.S3_REGION ?? 'us-east-1',
              // A custom endpoint is nearly always a self-hosted store that wants path style.
              forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
              deleteGraceMs: env.S3_DELETE_GRACE_SECONDS * 1000,
            }
          : { kind: 'file' as const },
      requestDeadlines: {
        headersMs: env.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
        bodyGraceMs: env.HTTP_BODY_GRACE_SECONDS * 1000,
        bodyMinBytesPerSecond: env.HTTP_BODY_MIN_BYTES_PER_SECOND,
        bodyMs: env.HTTP_BODY_TIMEOUT_SECONDS * 1000,
        uploadMs: env.HTTP_UPLOAD_TIMEOUT_SECONDS * 1000,
      },
      allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    };
  });

/**
 * Fastify's trustProxy: false, the proxies' addresses, or for a hop count a function trusting the
 * nearest n hops (proxy-addr numbers them from the socket outwards).
 */
function trustProxyOf(
  value: string | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (!value) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
  }
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

export type Config = z.infer<typeof configSchema>;

/** Parses the environment; a bad value stops the start with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
