import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { memo } from 'react';
import type { Density } from '../../../shared/prefs';
import { DensityToggle } from './DensityToggle';

/**
 * The Review screen's title line: drawn again only when the density changes, not on each of the
 * page's renders while a list loads.
 */
export const ReviewTitle = memo(function ReviewTitle({
  density,
  onDensity,
  onHelp,
}: {
  density: Density;
  onDensity(density: Density): void;
  onHelp(): void;
}) {
  return (
    <Flex justify="space-between" align="start" gap={8} wrap>
      <Typography.Title level={1} style={{ marginTop: 0 }} className="dqc-review-title">
        Review
      </Typography.Title>
      <Flex gap={8} align="center" wrap>
        <DensityToggle density={density} onChange={onDensity} />
        <Button icon={<QuestionCircleOutlined />} onClick={onHelp} aria-label="Keyboard shortcuts">
          Shortcuts
        </Button>
      </Flex>
    </Flex>
  );
});
