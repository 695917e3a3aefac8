import { atomWithStorage } from 'jotai/utils';

/**
 * Whether the side menu is collapsed to its icons; kept across restarts. Read when the atom is
 * first used (getOnInit), so a collapsed menu does not open for one frame on start-up.
 */
export const sideMenuCollapsedAtom = atomWithStorage<boolean>(
  'dqc.sideMenu.collapsed',
  false,
  undefined,
  { getOnInit: true },
);

/** The side menu's element id: the navigation bar's toggle names it (aria-controls). */
export const SIDE_MENU_ID = 'dqc-side-menu';
