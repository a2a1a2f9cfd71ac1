import { matchPath } from 'react-router';
import { paths } from '@/lib/paths';

type Params = Record<string, string | undefined>;

/** The first server call of the screens that have one worth starting early, by path. */
const FIRST_DATA: [pattern: string, load: (params: Params, search: string) => Promise<unknown>][] = [
  [paths.root, () => import('@/features/dashboard/prefetch').then((m) => m.prefetchDashboard())],
  [paths.dashboard, () => import('@/features/dashboard/prefetch').then((m) => m.prefetchDashboard())],
  [
    paths.mailboxPattern,
    (params, search) =>
      import('@/features/mailbox/prefetch').then((m) => m.prefetchMessageList(params.folder, search)),
  ],
  [
    paths.messagePattern,
    (params) => import('@/features/message/prefetch').then((m) => m.prefetchMessage(params.messageId)),
  ],
];

/**
 * Starts a signed-in visit's first server calls beside the code and translations of its first
 * screen (issue 17): the folder tree of the sidebar and, where the screen has one, its own data, into
 * the cache the screen reads. Before, they waited for the first render. A failure here is left for
 * the screen, which asks again and shows it.
 */
export function prefetchFirstScreenData(pathname: string, search: string): void {
  const screen = FIRST_DATA.map(([pattern, load]) => ({ match: matchPath(pattern, pathname), load })).find(
    ({ match }) => match !== null,
  );
  const loads = [
    import('@/features/mailbox/prefetch').then((m) => m.prefetchMailboxes()),
    ...(screen?.match ? [screen.load(screen.match.params, search)] : []),
  ];
  for (const load of loads) load.catch((failure: unknown) => console.warn('Prefetch failed', failure));
}
