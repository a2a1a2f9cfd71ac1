import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { parseCookie } from 'cookie';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES } from '@postline/shared/errors';
import { sendApiNotFound } from './errors.js';

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

interface FirstScreenPage {
  patterns: string[];
  page: string;
}

/** Whether a path matches a route pattern of the web app's router, where `:name` is one segment. */
function matchesPattern(url: string, pattern: string): boolean {
  const parts = url.split('/');
  const wanted = pattern.split('/');
  return (
    parts.length === wanted.length &&
    wanted.every((part, i) => (part.startsWith(':') ? parts[i] !== '' : part === parts[i]))
  );
}

/**
 * The page for each app path. The build writes copies of index.html that also preload the code of
 * the first screen (apps/web/vite.config.ts, issue 17): the login page's, one per signed-in screen
 * (listed with its route patterns in first-screens.json), and the signed-in layout's for the app's
 * other paths. `/` (where a first visit lands) and the sign-in callback (/auth/callback, where
 * oidc-routes.ts sends the browser back) get the plain page, so a visitor not signed in does not
 * download the mail client. Each copy but the plain page has one more beside it for each language
 * other than Korean, which also preloads that language's texts: sent when the language cookie the
 * web app sets (LANGUAGE_COOKIE) names it. A build without the copies has index.html only.
 */
function pagesOf(root: string): (url: string, cookieHeader: string | undefined) => string {
  // Each page the build may not have written is looked for once, at start.
  const orElse = (page: string, fallback: string) => (fs.existsSync(path.join(root, page)) ? page : fallback);
  const login = orElse('index.login.html', 'index.html');
  const signedIn = orElse('index.signed-in.html', 'index.html');
  const listed = path.join(root, 'first-screens.json');
  const screens = (
    fs.existsSync(listed) ? (JSON.parse(fs.readFileSync(listed, 'utf8')) as FirstScreenPage[]) : []
  ).map(({ patterns, page }) => ({ patterns, page: orElse(page, signedIn) }));
  const pageOf = (url: string) => {
    if (url === '/login') return login;
    if (url === '/' || url.startsWith('/auth/')) return 'index.html';
    const screen = screens.find(({ patterns }) => patterns.some((pattern) => matchesPattern(url, pattern)));
    return screen?.page ?? signedIn;
  };
  // index.mailbox.en.html beside index.mailbox.html: the copy that also preloads English's texts.
  const inOtherLanguages = new Map<string, string>();
  for (const page of [login, signedIn, ...screens.map((screen) => screen.page)])
    for (const language of LANGUAGES.filter((candidate) => candidate !== DEFAULT_LANGUAGE)) {
      const copy = orElse(page.replace(/\.html$/, `.${language}.html`), page);
      if (page !== 'index.html' && copy !== page) inOtherLanguages.set(`${language} ${page}`, copy);
    }
  return (url, cookieHeader) => {
    const page = pageOf(url);
    const language = cookieHeader ? parseCookie(cookieHeader)[LANGUAGE_COOKIE] : undefined;
    return inOtherLanguages.get(`${language} ${page}`) ?? page;
  };
}

/**
 * Serves the built web app with history fallback: any GET that is not an API, socket or file path
 * gets index.html (or a copy of it, pageFor). Unknown /api paths get the 404 envelope.
 */
export default async function webAppPlugin(app: FastifyInstance, options: { distDir?: string | undefined }) {
  const root = path.resolve(options.distDir ?? DEFAULT_WEB_DIST);
  const hasWeb = fs.existsSync(path.join(root, 'index.html'));
  const pageFor = pagesOf(root);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build wrote file.br and file.gz beside each text file (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      // Hashed assets never change; the page itself must always be fresh.
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/ws') || request.method !== 'GET') {
      return sendApiNotFound(request, reply);
    }
    const file = path.join(root, decodeURIComponent(url));
    if (hasWeb && file.startsWith(root) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(root, file));
    }
    if (hasWeb && !path.extname(url)) {
      return reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Cookie')
        .sendFile(pageFor(url, request.headers.cookie));
    }
    return sendApiNotFound(request, reply);
  });
}
