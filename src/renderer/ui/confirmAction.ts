import { App } from 'antd';
import { useCallback } from 'react';
import { errorText } from './errorText';

export interface ConfirmRequest {
  /** 'WARNING' unless the entity's name is the better title (SPEC.md 2). */
  title?: string;
  content: string;
  action: () => Promise<unknown>;
  /** Said when the action succeeded. */
  done: string;
  /** Runs after a success, e.g. to reload the list. */
  after?: () => unknown;
}

/**
 * The confirm-delete modal of every list: title 'WARNING' or the entity name, buttons Close and
 * 'Yes!'. A failed action says why and changes nothing on screen.
 */
export function useConfirm() {
  const { modal, message } = App.useApp();
  return useCallback(
    ({ title = 'WARNING', content, action, done, after }: ConfirmRequest) =>
      modal.confirm({
        title,
        content,
        okText: 'Yes!',
        cancelText: 'Close',
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            await action();
            void message.success(done);
            await after?.();
          } catch (error) {
            void message.error(errorText(error));
          }
        },
      }),
    [modal, message],
  );
}
