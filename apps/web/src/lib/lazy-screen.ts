import { createElement, type ComponentType } from 'react';

export interface LazyScreen<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** Starts loading the code; resolves once the component can render without waiting. */
  preload(): Promise<unknown>;
}

export interface LazyScreenOptions<P extends object> {
  /**
   * What renders instead when the code cannot be loaded (a network error, a new deployment): for
   * an extra such as drag-and-drop, whose page works without it. Without it the error goes to the
   * error boundary, as for a whole screen.
   */
  unavailable?: ComponentType<P>;
}

/**
 * Like React.lazy, but a screen whose code was preloaded renders at once. React.lazy suspends on
 * first render even for a module already loaded, and React 19 holds each revealed Suspense
 * boundary back up to 300 ms: two nested lazy screens cost 600 ms of idle at start (issue 17,
 * measured with bench/web-routes.mjs). React has no such option, hence these lines; until the
 * code is there the screen suspends the way React.lazy itself does, by throwing the promise.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: LazyScreenOptions<P> = {},
): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<unknown> | undefined;
  let failure: { error: unknown } | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        pending = undefined; // a later visit tries again
        // An extra that did not come stays away until the page is loaded again: no retry per render.
        if (options.unavailable) loaded = options.unavailable;
        else failure = { error };
      },
    ));
  function Screen(props: P) {
    if (loaded) return createElement(loaded, props);
    if (failure) {
      // Shown by the error boundary once, as React.lazy would; the next render loads again.
      const { error } = failure;
      failure = undefined;
      throw error;
    }
    throw preload();
  }
  return Object.assign(Screen, { preload });
}
