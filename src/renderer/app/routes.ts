import { createElement, type ComponentType } from 'react';
import {
  areaRoutes,
  areaTabs,
  pathsShowing,
  type Area,
  type Screen,
  type ScreenProps,
} from '../domain/screens/screens';
import { importLoginPage } from './loginChunk';
import { enterRoutesWith } from './routeEntry';
import { ABOUT_AREA, AREAS } from './routePaths';

export { ABOUT_LINK, activeNavLink, NAV_LINKS } from './routePaths';

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * A screen as a component, loaded with its chunk: a kit view drawn by ResourcePage, or a page of
 * its own; either is handed its title and its area's tab bar.
 */
async function loadScreen(screen: Screen, area: Area): Promise<{ default: ComponentType }> {
  const props: ScreenProps = { title: screen.title, tabs: areaTabs(area) };
  const { content } = screen;
  if (content.kind === 'page') {
    const { default: Page } = await content.load();
    return { default: () => createElement(Page, props) };
  }
  const [{ ResourcePage }, { enterRoute, registerListView }, view] = await Promise.all([
    import('../domain/resource/ResourcePage'),
    import('../domain/resource/listOpening'),
    content.load(),
  ]);
  // From now on, entering this list starts its call before the frame is drawn (listOpening.ts),
  // as the URL changes (routeEntry.ts): at every path that shows it (an area's own path shows its
  // first screen, which the side menu links to), whichever of them loaded it.
  for (const path of pathsShowing(area, screen)) registerListView(path, view);
  enterRoutesWith(enterRoute);
  return { default: () => createElement(ResourcePage, { view, ...props }) };
}

/** The login screen, also a chunk of its own: the shell alone is what every screen loads first. */
export const loadLoginPage: Loader = () =>
  importLoginPage().then((module) => ({ default: module.LoginPage }));

export interface RouteDef {
  path: string;
  title: string;
  load: Loader;
}

/** Every protected route of SPEC.md 2, and About & Settings, from the screen registries. */
export const PROTECTED_ROUTES: readonly RouteDef[] = [...AREAS, ABOUT_AREA].flatMap((area) =>
  areaRoutes(area).map(({ path, title, screen }) => ({
    path,
    title,
    load: () => loadScreen(screen, area),
  })),
);

/** The screen a route shows, loaded: for tests that render one screen without the router's table. */
export async function screenAt(path: string): Promise<ComponentType> {
  const route = PROTECTED_ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`No screen at ${path}`);
  return (await route.load()).default;
}
