import { App, Button, Modal } from 'antd';
import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { OUTBOX_TEXTS } from '../../../shared/outbox';
import { invoke } from '../../bridge/bridge';
import { errorText } from '../../ui/errorText';
import { outboxAtom } from './outboxState';

/**
 * Sign-out with decisions waiting asks what to do with them (issue 50): keep them for the user's
 * next sign-in on this computer (the default: nothing is lost), discard them, or stay signed in.
 * With nothing waiting it signs out at once, without asking core anything: sign-out always happens,
 * and happens now (SPEC.md 4). What waits is the page's copy, which core's events keep current.
 */
export function useSignOutQuestion(signOut: () => void): { ask(): void; question: ReactNode } {
  const [waiting, setWaiting] = useState(0);
  const [discarding, setDiscarding] = useState(false);
  const { message } = App.useApp();
  const count = useAtomValue(outboxAtom)?.writes.length ?? 0;

  const ask = () => (count > 0 ? setWaiting(count) : signOut());
  const keep = () => {
    setWaiting(0);
    signOut();
  };
  const discard = async () => {
    setDiscarding(true);
    try {
      await invoke('outbox.discardAll');
      setWaiting(0);
      signOut();
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setDiscarding(false);
    }
  };

  const question = (
    <Modal
      open={waiting > 0}
      title={OUTBOX_TEXTS.signOutTitle(waiting)}
      // While Discard runs, nothing else may be chosen: it signs out once done.
      onCancel={() => !discarding && setWaiting(0)}
      keyboard={!discarding}
      mask={{ closable: !discarding }}
      closable={!discarding}
      footer={[
        <Button key="stay" disabled={discarding} onClick={() => setWaiting(0)}>
          {OUTBOX_TEXTS.stay}
        </Button>,
        <Button key="discard" danger loading={discarding} onClick={() => void discard()}>
          {OUTBOX_TEXTS.signOutDiscard}
        </Button>,
        <Button key="keep" type="primary" autoFocus disabled={discarding} onClick={keep}>
          {OUTBOX_TEXTS.signOutKeep}
        </Button>,
      ]}
    >
      <p>{OUTBOX_TEXTS.signOutBody}</p>
    </Modal>
  );
  return { ask, question };
}
