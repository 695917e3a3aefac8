import { Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';

export interface HubTab {
  label: string;
  /** A tab with a route navigates there; others stay on this page. */
  to?: string;
}

/** The tab bar of an area (e.g. the three currency lists); the current route's tab is active. */
export function HubTabs({ tabs }: { tabs: readonly HubTab[] }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const activeTab = tabs.find((tab) => tab.to === pathname)?.label ?? tabs[0]?.label;
  return (
    <Tabs
      activeKey={activeTab}
      onChange={(key) => {
        const tab = tabs.find((t) => t.label === key);
        if (tab?.to) void navigate(tab.to);
      }}
      items={tabs.map((tab) => ({ key: tab.label, label: tab.label }))}
    />
  );
}
