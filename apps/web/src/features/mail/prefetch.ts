import { prefetchForFirstScreen } from '@/lib/query-client';
import { foldersQuery } from './queries';

/** The folder tree, which the sidebar of every signed-in screen shows: asked for beside the code. */
export function prefetchFolders(): Promise<void> {
  return prefetchForFirstScreen(foldersQuery);
}
