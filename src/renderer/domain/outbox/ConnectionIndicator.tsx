import { ApiOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import { connectionTextOf } from './connectionText';
import { outboxAtom, outboxDrawerOpenAtom } from './outboxState';
import { SR_ONLY_CLASS } from '../../ui/ScreenReaderOnly';
import './outbox.css';

/**
 * The top bar's word on the connection (issue 50): nothing while all is well; otherwise a small
 * text button that opens the Outbox. Polite to screen readers, never in the way.
 */
export function ConnectionIndicator() {
  const said = connectionTextOf(useAtomValue(outboxAtom));
  const open = useSetAtom(outboxDrawerOpenAtom);
  return (
    <>
      {/* The live region holds the words alone, so a change is read once, not the button. */}
      <span role="status" className={SR_ONLY_CLASS}>
        {said?.text ?? ''}
      </span>
      {said && (
        <Button
          type="text"
          size="small"
          icon={<ApiOutlined aria-hidden />}
          className={
            said.offline ? 'dqc-connection-indicator dqc-offline' : 'dqc-connection-indicator'
          }
          aria-haspopup="dialog"
          onClick={() => open(true)}
        >
          {said.text}
        </Button>
      )}
    </>
  );
}
