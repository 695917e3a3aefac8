import { Layout, Menu } from 'antd';
import { useAtomValue } from 'jotai';
import { memo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { NAV_ICONS } from './navIcons';
import { useExtensions } from '../domain/insight/extensionsState';
import type { Area } from '../domain/screens/screens';
import { ABOUT_AREA, activeNavLink, areaShown, AREAS } from './routePaths';
import { SIDE_MENU_ID, sideMenuCollapsedAtom } from '../ui/sideMenuAtoms';
import type { QueuesGlance } from '../../shared/workbench/queues';
import { useSideMenuDepths } from '../domain/queues/queuesGlance';
import { QueueDepth } from './QueueDepth';

function item(area: Area, active: string | null, depths: QueuesGlance | null) {
  return {
    key: area.path,
    icon: NAV_ICONS.get(area),
    label: (
      <>
        <Link to={area.path} aria-current={active === area.path ? 'page' : undefined}>
          {area.label}
        </Link>
        <QueueDepth areaPath={area.path} glance={depths} />
      </>
    ),
  };
}

/**
 * Every area of SPEC.md 1 in one column, so none hides behind an overflow menu at any width;
 * collapsible to icons (the toggle is in the navigation bar). Each entry is a real link, so Enter
 * follows it; Tab and the arrow keys (the menu moves focus to the link inside each item) reach it.
 * About & Settings sits apart at the bottom, the next Tab stop after the last area. An area that
 * needs a server extension (Model runs) is listed only once core says the server offers it: a
 * link to a screen that could only say "not offered" is not shown (DESIGN.md, "Extensions"). The
 * areas holding operator queues, and Queues itself, show how many records wait (issue 49).
 */
export function SideMenu() {
  const collapsed = useAtomValue(sideMenuCollapsedAtom);
  const active = activeNavLink(useLocation().pathname);
  const offered = useExtensions();
  const depths = useSideMenuDepths(true);
  return <SideMenuColumn collapsed={collapsed} active={active} offered={offered} depths={depths} />;
}

/**
 * The column itself, memoised: the URL's query changes with every Filter click and page switch, and
 * two menus drawn again for it were part of each click's cost (docs/performance.md, Review and the
 * lists). It follows the active area, the collapsed state and what the server offers.
 */
const SideMenuColumn = memo(function SideMenuColumn({
  collapsed,
  active,
  offered,
  depths,
}: {
  collapsed: boolean;
  active: string | null;
  offered: ReturnType<typeof useExtensions>;
  depths: QueuesGlance | null;
}) {
  const areas = AREAS.filter((area) => areaShown(area, offered));
  return (
    <Layout.Sider
      id={SIDE_MENU_ID}
      className="dqc-sider"
      collapsible
      collapsed={collapsed}
      // The toggle lives in the navigation bar: the Sider's own trigger is not a button.
      trigger={null}
      width={220}
      collapsedWidth={64}
    >
      <nav aria-label="Main" className="dqc-side-nav">
        <Menu
          mode="inline"
          theme="dark"
          selectedKeys={active ? [active] : []}
          items={areas.map((area) => item(area, active, depths))}
        />
        {/* The console itself, apart from the areas: at the bottom of the column. */}
        <Menu
          mode="inline"
          theme="dark"
          className="dqc-side-menu-end"
          // One entry: its link is the Tab stop, not the list around it as well.
          tabIndex={-1}
          selectedKeys={active ? [active] : []}
          items={[item(ABOUT_AREA, active, null)]}
        />
      </nav>
    </Layout.Sider>
  );
});
