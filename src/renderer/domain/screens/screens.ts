import type { ComponentType } from 'react';
import type { ExtensionName } from '../../../shared/insight';
import type { AreaTab } from '../../ui/resource/AreaTabs';
import type { FilterValues, ResourceView } from '../../ui/resource/types';

/**
 * The screen registry's types (DESIGN.md, Renderer). Each feature declares its area once, in its
 * own `screens.ts`: the side menu's entry, and each screen's path, title, tab and content. The
 * route table, the side menu and the tab bars are derived from these declarations (app/), so a
 * path or a title is written in one place. Plain data: nothing here loads a screen, so the
 * registry is cheap for the shell and readable by tests and tools.
 */

/** What a screen is handed by the route that shows it. */
export interface ScreenProps {
  /** The screen's heading. */
  title: string;
  /** The tab bar of its area (SPEC.md 2: an area's lists), when the area has one. */
  tabs?: readonly AreaTab[];
}

/** A tab of an area's tab bar: the widget's own shape (ui/resource/AreaTabs.tsx). */
export type { AreaTab };

/** A kit view with its row and filter types set aside: what the route table renders. */
export type KitView = ResourceView<object, FilterValues>;

/** A screen's content, loaded lazily (each screen is a chunk of its feature). */
export type ScreenContent =
  | { kind: 'view'; load(): Promise<KitView> }
  | { kind: 'page'; load(): Promise<{ default: ComponentType<ScreenProps> }> };

export interface Screen {
  /** The route (SPEC.md 2). */
  path: string;
  /** The screen's heading, its route's title and, in a tab bar, its tab's label. */
  title: string;
  /** Whether the area's tab bar shows this screen. */
  tab?: boolean;
  content: ScreenContent;
}

export interface Area {
  /** The side menu's entry: the area's own route (SPEC.md 2 calls it a hub), which shows its first screen. */
  path: string;
  /** The side menu's label and the area route's title. */
  label: string;
  /** The area's screens; the first is what the area's own route shows. */
  screens: readonly [Screen, ...Screen[]];
  /**
   * The server extension the area needs (DESIGN.md, Extensions): the side menu lists it only when
   * the server offers that extension. Its route exists either way, so a typed URL says it is not
   * offered.
   */
  requires?: ExtensionName;
}

/**
 * A screen drawn by the resource kit from a view declaration. The view's row and filter types
 * matter inside the view only; the kit reads every view alike, so they are set aside here, once.
 */
export function viewScreen<Row extends object, F extends FilterValues>(screen: {
  path: string;
  title: string;
  tab?: boolean;
  view: () => Promise<ResourceView<Row, F>>;
}): Screen {
  const { view, ...rest } = screen;
  return { ...rest, content: { kind: 'view', load: view as unknown as () => Promise<KitView> } };
}

/** A screen that is a page of its own (Review, About & Settings). */
export function pageScreen(screen: {
  path: string;
  title: string;
  page: () => Promise<{ default: ComponentType<ScreenProps> }>;
}): Screen {
  const { page, ...rest } = screen;
  return { ...rest, content: { kind: 'page', load: page } };
}

/** An area's tab bar: its screens marked as tabs, or none when fewer than two are. */
export function areaTabs(area: Area): readonly AreaTab[] | undefined {
  const tabs = area.screens.filter((screen) => screen.tab);
  return tabs.length > 1
    ? tabs.map((screen) => ({ label: screen.title, to: screen.path }))
    : undefined;
}

/** An area's routes: its own (showing its first screen), then each screen's, in order. */
export function areaRoutes(area: Area): { path: string; title: string; screen: Screen }[] {
  const [first] = area.screens;
  const own =
    first.path === area.path ? [] : [{ path: area.path, title: area.label, screen: first }];
  return [
    ...own,
    ...area.screens.map((screen) => ({ path: screen.path, title: screen.title, screen })),
  ];
}

/** Every path that shows `screen`: its own, and its area's when it is the area's first. */
export const pathsShowing = (area: Area, screen: Screen): string[] =>
  areaRoutes(area)
    .filter((route) => route.screen === screen)
    .map((route) => route.path);
