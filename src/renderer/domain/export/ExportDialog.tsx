import { Alert, Button, Flex, Form, Modal, Progress, Radio, Typography } from 'antd';
import { useId } from 'react';
import type { ExportFormat } from '../../../shared/export';
import { doneText, resultsText, writingText } from './exportText';
import type { ExportState } from './useExport';

const { Text } = Typography;

export type ColumnsChoice = 'shown' | 'all';

export interface ExportChoices {
  format: ExportFormat;
  columns: ColumnsChoice;
}

/**
 * The Export dialog: the format, which columns, how many rows; then the progress with Cancel, and
 * at the end where the file went or why there is none. The choices stay as they were for another
 * try.
 */
export function ExportDialog({
  open,
  label,
  total,
  canChooseShown,
  choices,
  onChoices,
  state,
  onStart,
  onClose,
}: {
  open: boolean;
  label: string;
  total: number | null;
  /** False when the screen names no columns: only All fields is offered. */
  canChooseShown: boolean;
  choices: ExportChoices;
  onChoices(choices: ExportChoices): void;
  state: ExportState;
  onStart(): void;
  onClose(): void;
}) {
  const { view, error, busy } = state;
  // Each group's radios share a name of their own: one name for both would make them one group.
  const formId = useId();
  const running = view?.status === 'running';
  const percent =
    view && view.total ? Math.min(100, Math.floor((view.written * 100) / view.total)) : 0;
  const footer = running
    ? [
        <Button
          key="cancel"
          danger
          loading={busy === 'cancelling'}
          onClick={() => void state.cancel()}
        >
          Cancel
        </Button>,
      ]
    : [
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
        <Button key="start" type="primary" loading={busy === 'starting'} onClick={onStart}>
          Start
        </Button>,
      ];

  return (
    <Modal
      open={open}
      title={`Export ${label}`}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden={false}
    >
      <Form layout="vertical" disabled={running || busy !== null}>
        <Form.Item label="Format">
          <Radio.Group
            aria-label="Format"
            name={`${formId}-format`}
            value={choices.format}
            onChange={(event) =>
              onChoices({ ...choices, format: event.target.value as ExportFormat })
            }
            options={[
              { value: 'csv', label: 'CSV' },
              { value: 'json', label: 'JSON' },
            ]}
          />
        </Form.Item>
        <Form.Item label="Columns">
          <Radio.Group
            aria-label="Columns"
            name={`${formId}-columns`}
            value={canChooseShown ? choices.columns : 'all'}
            onChange={(event) =>
              onChoices({ ...choices, columns: event.target.value as ColumnsChoice })
            }
            options={[
              { value: 'shown', label: 'Columns shown', disabled: !canChooseShown },
              { value: 'all', label: 'All fields' },
            ]}
          />
        </Form.Item>
      </Form>
      <Flex vertical gap={8}>
        {total !== null && <Text>{resultsText(total)}</Text>}
        {view && running && (
          <div role="status" aria-live="polite">
            <Progress percent={percent} status="active" aria-label="Export progress" />
            <Text>{writingText(view)}</Text>
          </div>
        )}
        <div role="status" aria-live="polite">
          {view?.status === 'done' && <Alert type="success" showIcon title={doneText(view)} />}
          {view?.status === 'failed' && (
            <Alert type="error" showIcon title="The export failed." description={view.message} />
          )}
          {view?.status === 'cancelled' && (
            <Alert type="warning" showIcon title={view.message ?? 'The export was cancelled.'} />
          )}
          {error && (
            <Alert type="error" showIcon title="The export could not start." description={error} />
          )}
        </div>
      </Flex>
    </Modal>
  );
}
