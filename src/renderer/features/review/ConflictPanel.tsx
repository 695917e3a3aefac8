import { Alert, Button, Flex } from 'antd';
import { useEffect, useRef } from 'react';
import type { ItemConflict } from '../../../shared/conflict';
import { conflictText } from '../../domain/conflicts/conflictText';

interface Props {
  conflict: ItemConflict;
  onKeepTheirs(): void;
  onApplyMine(): void;
}

/** Said under what changed: the decision was refused, and nothing was written. */
export const NOT_SAVED_TEXT = 'Your decision was not saved: this item changed since you saw it.';

/**
 * A card's conflict (src/shared/conflict.ts): what changed, who did it and when ('Eliminated by
 * reviewer2, 10:42'), and the two ways on. An alert, so a screen reader says it when it appears;
 * the focus moves to Keep theirs, the choice that changes nothing, so a reviewer deciding by keys
 * is not left on a button of the decision that was refused.
 */
export function ConflictPanel({ conflict, onKeepTheirs, onApplyMine }: Props) {
  const keepTheirs = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    keepTheirs.current?.focus({ preventScroll: true });
  }, [conflict]);
  return (
    <Alert
      className="dqc-conflict"
      type="warning"
      showIcon
      message={conflictText(conflict)}
      description={NOT_SAVED_TEXT}
      action={
        <Flex gap={8} wrap>
          <Button ref={keepTheirs} onClick={onKeepTheirs}>
            Keep theirs
          </Button>
          <Button type="primary" onClick={onApplyMine}>
            Apply mine
          </Button>
        </Flex>
      }
    />
  );
}
