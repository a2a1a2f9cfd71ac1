import { matchPath, Navigate, Outlet, type RouteObject } from 'react-router';
import { loadAllAreas } from '@/lib/i18n';
import { lazyScreen, type LazyScreen } from '@/lib/lazy-screen';
import { paths } from '@/lib/paths';
import { AfterSignIn, AppRoot, BySession, ToLoginRemembering } from './root';

// Every screen is its own chunk: the login page should not pay for the mail client.
const LoginPage = lazyScreen(() => import('@/features/auth/components/LoginPage').then((m) => m.LoginPage));
const AuthCallbackPage = lazyScreen(() =>
  import('@/features/auth/components/AuthCallbackPage').then((m) => m.AuthCallbackPage),
);
// The signed-in screens' texts come with their layout: the login page's are only the core areas.
const AppLayout = lazyScreen(() =>
  Promise.all([import('./layout/AppLayout'), loadAllAreas()]).then(([m]) => m.AppLayout),
);
const DashboardRoute = lazyScreen(() => import('./routes/DashboardRoute').then((m) => m.DashboardRoute));
const MailListPage = lazyScreen(() =>
  import('@/features/mail-list/components/MailListPage').then((m) => m.MailListPage),
);
const ComposeRoute = lazyScreen(() => import('./routes/ComposeRoute').then((m) => m.ComposeRoute));
const MessageRoute = lazyScreen(() => import('./routes/MessageRoute').then((m) => m.MessageRoute));
const ConversationRoute = lazyScreen(() =>
  import('./routes/ConversationRoute').then((m) => m.ConversationRoute),
);
const OriginalPage = lazyScreen(() =>
  import('@/features/message/components/OriginalPage').then((m) => m.OriginalPage),
);
const FiltersPage = lazyScreen(() =>
  import('@/features/filters/components/FiltersPage').then((m) => m.FiltersPage),
);
const NotificationsPage = lazyScreen(() =>
  import('@/features/notifications/components/NotificationsPage').then((m) => m.NotificationsPage),
);
const TemplatesPage = lazyScreen(() =>
  import('@/features/templates/components/TemplatesPage').then((m) => m.TemplatesPage),
);
const SignaturesRoute = lazyScreen(() => import('./routes/SignaturesRoute').then((m) => m.SignaturesRoute));
const SettingsPage = lazyScreen(() =>
  import('@/features/settings/components/SettingsPage').then((m) => m.SettingsPage),
);

const ContactsPage = lazyScreen(() =>
  import('@/features/contacts/components/ContactsPage').then((m) => m.ContactsPage),
);

type Params = Record<string, string | undefined>;

/** A signed-in path: the screen it shows inside the layout, and its first server call if any. */
interface SignedInScreen {
  pattern: string;
  screen: LazyScreen<object>;
  data?: (params: Params, search: string) => Promise<unknown>;
}

const dashboardData = () => import('@/features/dashboard/prefetch').then((m) => m.prefetchDashboard());

const signedInScreens: SignedInScreen[] = [
  { pattern: paths.root, screen: DashboardRoute, data: dashboardData },
  { pattern: paths.dashboard, screen: DashboardRoute, data: dashboardData },
  {
    pattern: paths.mailListPattern,
    screen: MailListPage,
    data: (params, search) =>
      import('@/features/mail-list/prefetch').then((m) => m.prefetchMessageList(params.folder, search)),
  },
  { pattern: paths.compose, screen: ComposeRoute },
  {
    pattern: paths.messagePattern,
    screen: MessageRoute,
    data: (params) => import('@/features/message/prefetch').then((m) => m.prefetchMessage(params.messageId)),
  },
  { pattern: paths.conversationPattern, screen: ConversationRoute },
  {
    pattern: paths.messageOriginalPattern,
    screen: OriginalPage,
    data: (params) => import('@/features/message/prefetch').then((m) => m.prefetchMessage(params.messageId)),
  },
  {
    pattern: paths.filters,
    screen: FiltersPage,
    data: () => import('@/features/filters/prefetch').then((m) => m.prefetchFilters()),
  },
  { pattern: paths.notifications, screen: NotificationsPage },
  { pattern: paths.templates, screen: TemplatesPage },
  { pattern: paths.signatures, screen: SignaturesRoute },
  { pattern: paths.settings, screen: SettingsPage },
  { pattern: paths.contacts, screen: ContactsPage },
];

/** The signed-in screen of a path; one the app does not know shows the dashboard (route `*`). */
function signedInScreenOf(pathname: string): { entry: SignedInScreen; params: Params } {
  for (const entry of signedInScreens) {
    const match = matchPath(entry.pattern, pathname);
    if (match) return { entry, params: match.params };
  }
  return { entry: signedInScreens[0]!, params: {} };
}

/**
 * Loads the code the first screen needs beside the translations, instead of after them and one
 * chunk after another (issue 17): the layout and the page for a signed-in visitor, the login page
 * otherwise. main.tsx renders once this settles, so the first render needs to wait for nothing. For
 * a signed-in visitor it also starts the first server calls (prefetchFirstScreenData), which the
 * first render does not wait for.
 */
export function preloadFirstScreen(pathname: string, search: string, signedIn: boolean): Promise<unknown> {
  if (!signedIn) return pathname === paths.authCallback ? AuthCallbackPage.preload() : LoginPage.preload();
  prefetchFirstScreenData(pathname, search);
  return Promise.all([AppLayout.preload(), signedInScreenOf(pathname).entry.screen.preload()]);
}

/**
 * Starts a signed-in visit's first server calls beside the code and translations of its first
 * screen (issue 17): the sidebar's folder tree and, where the screen has one, its own data, into the
 * cache the screen reads. Before, they waited for the first render. A failure is left for the
 * screen, which asks again and shows it.
 */
export function prefetchFirstScreenData(pathname: string, search: string): void {
  const { entry, params } = signedInScreenOf(pathname);
  const loads = [
    import('@/features/mail/prefetch').then((m) => m.prefetchFolders()),
    ...(entry.data ? [entry.data(params, search)] : []),
  ];
  for (const load of loads) load.catch((failure: unknown) => console.warn('Prefetch failed', failure));
}

const toDashboard = <Navigate to={paths.dashboard} replace />;

/**
 * The route table of SPEC §2 for createBrowserRouter (a data router, so that useBlocker can hold
 * back a Back button press). One table for both sides: the elements that differ read the auth
 * store (BySession), so the router, its history and its blocker live for the whole visit.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      { path: paths.login, element: <BySession signedIn={toDashboard} signedOut={<LoginPage />} /> },
      // Signed in at the end of the OpenID callback: on to where the visitor was going.
      {
        path: paths.authCallback,
        element: <BySession signedIn={<AfterSignIn />} signedOut={<AuthCallbackPage />} />,
      },
      {
        element: <BySession signedIn={<Outlet />} signedOut={<ToLoginRemembering />} />,
        children: [
          { path: paths.root, element: toDashboard },
          {
            element: <AppLayout />,
            children: [
              { path: paths.dashboard, element: <DashboardRoute /> },
              { path: paths.mailListPattern, element: <MailListPage /> },
              { path: paths.compose, element: <ComposeRoute /> },
              { path: paths.messagePattern, element: <MessageRoute /> },
              { path: paths.messageOriginalPattern, element: <OriginalPage /> },
              { path: paths.conversationPattern, element: <ConversationRoute /> },
              { path: paths.filters, element: <FiltersPage /> },
              { path: paths.notifications, element: <NotificationsPage /> },
              { path: paths.templates, element: <TemplatesPage /> },
              { path: paths.signatures, element: <SignaturesRoute /> },
              { path: paths.settings, element: <SettingsPage /> },
              { path: paths.contacts, element: <ContactsPage /> },
            ],
          },
          { path: '*', element: toDashboard },
        ],
      },
    ],
  },
];
