import { Alert, Button, Descriptions, Flex, InputNumber, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  AUDIT_DEFAULT_DAYS,
  AUDIT_DEFAULT_SIZE,
  AUDIT_MAX_SIZE,
  type AuditProgress,
  type StratumProgress,
} from '../../../shared/quality/auditChannels';
import { invoke } from '../../bridge/bridge';
import { errorText } from '../../ui/errorText';
import { lastDaysWindow, stratumLabel, windowTimeText } from './qualityText';

/** Where Review's Audit mode serves the sample's cards, blind. */
export const ANSWER_ON_REVIEW = '/filter?audit=1';

interface Props {
  progress: AuditProgress;
  /** Called once a new sample is drawn. */
  onStarted: () => Promise<void>;
}

const STRATUM_COLUMNS = [
  { title: 'Stratum', dataIndex: 'key', render: (key: string) => stratumLabel(key) },
  { title: 'In the window', dataIndex: 'population' },
  { title: 'Drawn', dataIndex: 'drawn' },
  { title: 'Answered', dataIndex: 'answered' },
];

/**
 * The current sample (its window, drawn and answered per stratum, the strata nothing could be
 * drawn from) and Start an audit: the last N days and a size. A refused start (an empty window)
 * says why and keeps the form as it was.
 */
export function AuditPanel({ progress, onStarted }: Props) {
  const [days, setDays] = useState<number | null>(AUDIT_DEFAULT_DAYS);
  const [size, setSize] = useState<number | null>(AUDIT_DEFAULT_SIZE);
  const [starting, setStarting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { sample } = progress;

  const start = async () => {
    setStarting(true);
    setRefusal(null);
    try {
      await invoke('audit.start', {
        size: size ?? AUDIT_DEFAULT_SIZE,
        ...lastDaysWindow(days ?? AUDIT_DEFAULT_DAYS, new Date()),
      });
      await onStarted();
    } catch (error) {
      setRefusal(errorText(error));
    } finally {
      setStarting(false);
    }
  };

  return (
    <Flex vertical gap={12}>
      {sample ? (
        <>
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'window',
                label: 'Window',
                children: `${windowTimeText(sample.window.from)} to ${windowTimeText(sample.window.to)}`,
              },
              {
                key: 'progress',
                label: 'Answered',
                children: `${sample.answered} of ${sample.drawn} drawn (${sample.size} asked for)`,
              },
            ]}
          />
          <Table<StratumProgress>
            size="small"
            pagination={false}
            rowKey="key"
            columns={STRATUM_COLUMNS}
            dataSource={sample.strata}
            aria-label="Audit progress per stratum"
          />
          {sample.emptyStrata.length > 0 && (
            <Typography.Paragraph style={{ margin: 0 }}>
              Nothing could be drawn from: {sample.emptyStrata.map(stratumLabel).join(', ')}.
            </Typography.Paragraph>
          )}
          <Link to={ANSWER_ON_REVIEW}>Answer on Review</Link>
        </>
      ) : (
        <Typography.Paragraph style={{ margin: 0 }}>
          No audit yet. Start one: a random sample of the window&apos;s items, served blind on
          Review.
        </Typography.Paragraph>
      )}
      <Flex gap={12} wrap align="end">
        <label>
          <span style={{ display: 'block' }}>Window: the last days</span>
          <InputNumber
            min={1}
            max={366}
            precision={0}
            value={days}
            onChange={setDays}
            aria-label="Window in days"
          />
        </label>
        <label>
          <span style={{ display: 'block' }}>Items</span>
          <InputNumber
            min={1}
            max={AUDIT_MAX_SIZE}
            precision={0}
            value={size}
            onChange={setSize}
            aria-label="Items in the sample"
          />
        </label>
        <Button type="primary" loading={starting} onClick={() => void start()}>
          Start an audit
        </Button>
      </Flex>
      {refusal && <Alert type="error" showIcon role="alert" title={refusal} />}
    </Flex>
  );
}
