import { paths } from '@/lib/paths';

/**
 * Where a signed-out visitor was going, kept across the identity provider's redirects (a new page
 * load) in this tab's session storage, and taken once on return.
 */
const RETURN_TO_KEY = 'postline.returnTo';

/** Only a path of this app: never another origin (`//host`), never the sign-in pages themselves. */
function isReturnPath(path: string): boolean {
  return (
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.startsWith('/\\') &&
    path !== paths.root &&
    !path.startsWith(paths.login) &&
    !path.startsWith(paths.authCallback)
  );
}

/**
 * What the first take read, so every later take of this page load agrees: after sign-in the callback
 * page and the signed-in route table both send the browser on, whichever renders first.
 */
let taken: string | null | undefined;

export function rememberReturnTo(path: string): void {
  if (!isReturnPath(path)) return;
  taken = undefined;
  try {
    sessionStorage.setItem(RETURN_TO_KEY, path);
  } catch {
    // Storage may be forbidden (private modes): the sign-in then lands on the dashboard.
  }
}

/** The remembered path, removed from storage as it is read; null when there is none. */
export function takeReturnTo(): string | null {
  if (taken !== undefined) return taken;
  try {
    const path = sessionStorage.getItem(RETURN_TO_KEY);
    sessionStorage.removeItem(RETURN_TO_KEY);
    taken = path && isReturnPath(path) ? path : null;
  } catch {
    taken = null;
  }
  return taken;
}

/** Test hook: forget what this page load took. */
export function resetReturnTo(): void {
  taken = undefined;
}
