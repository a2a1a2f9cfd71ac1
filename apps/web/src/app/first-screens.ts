/** A signed-in screen's paths, and the source files its first render needs beyond the layout. */
export interface FirstScreen {
  /** The page the build writes for it: `index.{name}.html`. */
  name: string;
  /** Route patterns of router.tsx (`:param` is one path segment), as lib/paths.ts writes them. */
  patterns: string[];
  /** Under src/: the screen's module, and its first data call's where it has one. */
  files: string[];
}

/**
 * The build writes a page per signed-in screen that also preloads the screen's own code and its
 * first data call's, not only the layout's (vite.config.ts `firstScreenPages`), and lists these
 * patterns for the server, which sends the page for the screen's paths (issue 17: otherwise the
 * page's chunk was asked for only after the entry had arrived and run, a round trip later on a
 * phone). router.tsx lazily loads the same files; the build fails when a file here is not one of
 * them, and first-screens.test.ts that these are the patterns of the router's screens. No imports:
 * vite.config.ts reads this file too.
 */
export const FIRST_SCREENS: FirstScreen[] = [
  {
    name: 'dashboard',
    patterns: ['/dashboard'],
    files: ['app/routes/DashboardRoute.tsx', 'features/dashboard/prefetch.ts'],
  },
  {
    name: 'mailbox',
    patterns: ['/mailbox/:folder'],
    files: ['features/mail-list/components/MailListPage.tsx', 'features/mail-list/prefetch.ts'],
  },
  {
    name: 'message',
    patterns: ['/message/:messageId'],
    files: ['app/routes/MessageRoute.tsx', 'features/message/prefetch.ts'],
  },
  {
    name: 'conversation',
    patterns: ['/conversation/:conversationId'],
    files: ['app/routes/ConversationRoute.tsx'],
  },
  {
    name: 'original',
    patterns: ['/message/:messageId/original'],
    files: ['features/message/components/OriginalPage.tsx', 'features/message/prefetch.ts'],
  },
  { name: 'compose', patterns: ['/compose'], files: ['app/routes/ComposeRoute.tsx'] },
  {
    name: 'filters',
    patterns: ['/filters'],
    files: ['features/filters/components/FiltersPage.tsx', 'features/filters/prefetch.ts'],
  },
  {
    name: 'notifications',
    patterns: ['/notifications'],
    files: ['features/notifications/components/NotificationsPage.tsx'],
  },
  {
    name: 'templates',
    patterns: ['/templates'],
    files: ['features/templates/components/TemplatesPage.tsx'],
  },
  {
    name: 'signatures',
    patterns: ['/signatures'],
    files: ['app/routes/SignaturesRoute.tsx'],
  },
  {
    name: 'settings',
    patterns: ['/settings'],
    files: ['features/settings/components/SettingsPage.tsx'],
  },
  {
    name: 'contacts',
    patterns: ['/contacts'],
    files: ['features/contacts/components/ContactsPage.tsx'],
  },
];
