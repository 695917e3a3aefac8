import { Button, Flex, Switch, Typography } from 'antd';
import { useId } from 'react';
import { CLAIM_LEASE_SECONDS } from '../../../shared/api/claims';

/**
 * My queue's controls on Review (the claims extension; drawn only where the server offers it):
 * the switch between the ordinary list and the reviewer's own page of the filter, and that page's
 * Next.
 */

const LEASE_MINUTES = Math.round(CLAIM_LEASE_SECONDS / 60);

export function QueueSwitch({ on, onChange }: { on: boolean; onChange(on: boolean): void }) {
  const labelId = useId();
  return (
    <Flex align="center" gap={8} wrap className="dqc-queue-switch">
      <Switch checked={on} onChange={onChange} aria-labelledby={labelId} />
      <Typography.Text id={labelId} strong>
        My queue
      </Typography.Text>
      <Typography.Text type="secondary">
        {on
          ? `The next items of this filter nobody else holds, held for you ${LEASE_MINUTES} min and renewed while shown.`
          : 'Off: every item of the filter, with who else holds each.'}
      </Typography.Text>
    </Flex>
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
