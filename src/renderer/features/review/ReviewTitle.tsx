import { AuditOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { memo } from 'react';
import type { Density } from '../../../shared/prefs';
import { DensityToggle } from './DensityToggle';
import { QueueSwitch } from './QueueControls';
import { StoriesSwitch } from './StoriesSwitch';

/**
 * The Review screen's title line, with My queue's switch where the server offers claims: drawn
 * again only when the density or the queue changes, not on each of the page's renders while a
 * list loads.
 */
export const ReviewTitle = memo(function ReviewTitle({
  density,
  onDensity,
  onHelp,
  onAudit,
  queue,
  stories,
}: {
  density: Density;
  onDensity(density: Density): void;
  onHelp(): void;
  /** To Audit mode (the blind audit sample): a button here, not a row, to keep the list's rows. */
  onAudit(): void;
  /** My queue's switch; absent where the server offers no claims. */
  queue?: { on: boolean; onChange(on: boolean): void } | undefined;
  /** The Stories switch; absent where the server offers no stories. */
  stories?: { on: boolean; onChange(on: boolean): void; unavailable: string | null } | undefined;
}) {
  return (
    <Flex justify="space-between" align="start" gap={8} wrap>
      <Typography.Title level={1} style={{ marginTop: 0 }} className="dqc-review-title">
        Review
      </Typography.Title>
      <Flex gap={12} align="center" wrap>
        {queue && <QueueSwitch on={queue.on} onChange={queue.onChange} />}
        {stories && (
          <StoriesSwitch
            on={stories.on}
            onChange={stories.onChange}
            unavailable={stories.unavailable}
          />
        )}
        <DensityToggle density={density} onChange={onDensity} />
        <Button icon={<AuditOutlined />} onClick={onAudit}>
          Audit
        </Button>
        <Button icon={<QuestionCircleOutlined />} onClick={onHelp} aria-label="Keyboard shortcuts">
          Shortcuts
        </Button>
      </Flex>
    </Flex>
  );
});
