import { memo } from 'react';
import { Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';

/** A tab of an area's tab bar. */
export interface AreaTab {
  label: string;
  /** A tab with a route navigates there; others stay on this page. */
  to?: string;
}

/**
 * A tab's key: Ant Design builds the tab's element ids (and aria-controls) from it, and an id
 * must not contain spaces.
 */
const tabKey = (tab: AreaTab) => tab.label.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** The tab bar of an area (e.g. the three currency lists); the current route's tab is active. */
export const AreaTabs = memo(function AreaTabs({ tabs }: { tabs: readonly AreaTab[] }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const activeTab = tabs.find((tab) => tab.to === pathname) ?? tabs[0];
  return (
    <Tabs
      activeKey={activeTab && tabKey(activeTab)}
      onChange={(key) => {
        const tab = tabs.find((t) => tabKey(t) === key);
        if (tab?.to) void navigate(tab.to);
      }}
      items={tabs.map((tab) => ({ key: tabKey(tab), label: tab.label }))}
    />
  );
});
