import { App } from 'antd';
import { useCallback, type ReactNode } from 'react';
import { errorText } from './errorText';
import { openReleasable } from './hookDialogRelease';

export interface ConfirmRequest<T = unknown> {
  /** 'WARNING' unless the entity's name, or what is asked, is the better title (SPEC.md 2). */
  title?: ReactNode;
  content: ReactNode;
  /** SPEC.md 8: 'Yes!' and Close, unless the question has its own answers. */
  okText?: string;
  cancelText?: string;
  /** A red Yes: the default, since most confirms delete or undo something. */
  danger?: boolean;
  /** Runs on Yes; the dialog waits for it. */
  action: () => Promise<T>;
  /** Said when the action succeeded; nothing is said without it. */
  done?: string | ((result: T) => string);
  /** Said before the reason when the action failed, e.g. 'Review failed'. */
  failed?: string;
  /** Runs after a success, e.g. to reload the list. */
  after?: () => unknown;
}

/**
 * The one confirm of the console: every question asked before an action goes through it. By
 * default SPEC.md 8's dialog: title 'WARNING', buttons Close and 'Yes!'. A failed action says why
 * and changes nothing on screen.
 */
export function useConfirm() {
  const { modal, message } = App.useApp();
  return useCallback(
    <T>({
      title = 'WARNING',
      content,
      okText = 'Yes!',
      cancelText = 'Close',
      danger = true,
      action,
      done,
      failed,
      after,
    }: ConfirmRequest<T>) =>
      openReleasable((release) =>
        modal.confirm({
          afterClose: release,
          title,
          content,
          okText,
          cancelText,
          okButtonProps: danger ? { danger: true } : undefined,
          onOk: async () => {
            try {
              const result = await action();
              const said = typeof done === 'function' ? done(result) : done;
              if (said !== undefined) void message.success(said);
              await after?.();
            } catch (error) {
              void message.error(failed ? `${failed}: ${errorText(error)}` : errorText(error));
            }
          },
        }),
      ),
    [modal, message],
  );
}
