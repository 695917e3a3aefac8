import { Card, Empty, Typography } from 'antd';
import { MESSAGES } from '../../shared/messages';
import { HubTabs, type HubTab } from './HubTabs';

export type { HubTab } from './HubTabs';

/**
 * The stand-in for an area whose screen a later issue builds: its real title and tabs, and a
 * plain statement that the content is coming.
 */
export function ComingLater({ title, tabs }: { title: string; tabs?: readonly HubTab[] }) {
  return (
    <Card>
      <Typography.Title level={1}>{title}</Typography.Title>
      {tabs && <HubTabs tabs={tabs} />}
      <Empty description={`${title}: ${MESSAGES.comingLater}`} />
    </Card>
  );
}
