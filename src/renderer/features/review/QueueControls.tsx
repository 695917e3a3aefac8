import { Button, Flex, Switch, Tooltip, Typography } from 'antd';
import { useId } from 'react';
import { CLAIM_LEASE_SECONDS } from '../../../shared/api/claims';
import { ScreenReaderOnly } from '../../ui/ScreenReaderOnly';

/**
 * My queue's controls on Review (the claims extension; drawn only where the server offers it):
 * the switch between the ordinary list and the reviewer's own page of the filter, and that page's
 * Next. The switch sits in the title line, not a row of its own, so that the list keeps its ten
 * cards on a 1280 x 800 screen; what it does is its tooltip and its accessible description.
 */

const LEASE_MINUTES = Math.round(CLAIM_LEASE_SECONDS / 60);

export function queueSwitchHint(on: boolean): string {
  return on
    ? `The next items of this filter nobody else holds, held for you ${LEASE_MINUTES} min and renewed while shown.`
    : 'Off: every item of the filter, with who else holds each.';
}

export function QueueSwitch({ on, onChange }: { on: boolean; onChange(on: boolean): void }) {
  const labelId = useId();
  const hintId = useId();
  const hint = queueSwitchHint(on);
  return (
    <Tooltip title={hint}>
      <Flex align="center" gap={6} className="dqc-queue-switch">
        <Switch
          checked={on}
          onChange={onChange}
          aria-labelledby={labelId}
          aria-describedby={hintId}
        />
        <Typography.Text id={labelId} strong>
          My queue
        </Typography.Text>
        <ScreenReaderOnly id={hintId}>{hint}</ScreenReaderOnly>
      </Flex>
    </Tooltip>
  );
}

export function QueueNext({ onNext, loading }: { onNext(): void; loading: boolean }) {
  return (
    <Flex justify="flex-end">
      <Button type="primary" onClick={onNext} loading={loading}>
        Next queue page
      </Button>
    </Flex>
  );
}
