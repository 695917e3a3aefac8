import type { createStore } from 'jotai';
import type { RouteAt } from '../domain/resource/listOpening';

type Store = ReturnType<typeof createStore>;
type EnterRoute = (at: RouteAt, store: Store) => boolean;

/**
 * What entering a URL starts before the router draws it (listOpening.ts's enterRoute), handed over
 * by routes.ts when a list's chunk loads: the page's first chunk (App.tsx, the login screen's) does
 * not carry the list code, and before a list has loaded there is no list to open early.
 */
let enterLoaded: EnterRoute | null = null;

export function enterRoutesWith(enter: EnterRoute): void {
  enterLoaded = enter;
}

/** Whether entering `at` started a list's opening call (never before a list's chunk has loaded). */
export function enterRouteIfLoaded(at: RouteAt, store: Store): boolean {
  return enterLoaded ? enterLoaded(at, store) : false;
}
