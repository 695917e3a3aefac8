import { Card, Empty, Tabs, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../shared/messages';

export interface HubTab {
  label: string;
  /** A tab with a route navigates there; others stay on this page. */
  to?: string;
}

/**
 * The stand-in for an area whose screen a later issue builds: its real title and tabs, and a
 * plain statement that the content is coming.
 */
export function ComingLater({ title, tabs }: { title: string; tabs?: readonly HubTab[] }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const activeTab = tabs?.find((tab) => tab.to === pathname)?.label ?? tabs?.[0]?.label;
  return (
    <Card>
      <Typography.Title level={2}>{title}</Typography.Title>
      {tabs && (
        <Tabs
          activeKey={activeTab}
          onChange={(key) => {
            const tab = tabs.find((t) => t.label === key);
            if (tab?.to) void navigate(tab.to);
          }}
          items={tabs.map((tab) => ({ key: tab.label, label: tab.label }))}
        />
      )}
      <Empty description={`${title}: ${MESSAGES.comingLater}`} />
    </Card>
  );
}
