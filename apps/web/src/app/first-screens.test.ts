import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREENS } from './first-screens';
import { appRoutes } from './router';

/** Every route path of the table, at any depth. */
function pathsOf(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);
}

describe('the first screens the build writes pages for', () => {
  it('cover every screen of the signed-in layout, and only the router’s paths', () => {
    const routed = pathsOf(appRoutes);
    const listed = FIRST_SCREENS.flatMap((screen) => screen.patterns);
    const outsideLayout = ['/login', '/auth/callback', '/', '*'];
    expect([...listed].sort()).toEqual(routed.filter((p) => !outsideLayout.includes(p)).sort());
    expect(new Set(FIRST_SCREENS.map((screen) => screen.name)).size).toBe(FIRST_SCREENS.length);
  });
});
