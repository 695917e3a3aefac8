import { App as AntApp, Flex, Typography } from 'antd';
import { useState } from 'react';
import type { ItemConflict } from '../../../shared/conflict';
import { reviewTarget } from '../../../shared/journal';
import { conflictOfError } from '../../domain/conflicts/conflictText';
import { errorText } from '../../ui/errorText';
import { AUDIT_CONFLICT_TEXT } from './auditTexts';
import { ConflictPanel } from './ConflictPanel';
import { decideRequest, sendDecision } from './decideRequest';
import { ANSWER_STAYS_COUNTED } from './useAuditMode';
import { useDecisionNotice } from './useDecisionNotice';

/**
 * An audit answer whose decision was not sent, the item having changed since it was drawn: what
 * changed, that the answer counts all the same, and the two ways on of any conflict. Keep theirs
 * sends nothing; Apply mine sends the answer's decision over the change, as a card's would.
 */
export function AuditConflict({ conflict, keep }: { conflict: ItemConflict; keep: boolean }) {
  const { message } = AntApp.useApp();
  const sayDecided = useDecisionNotice();
  const [shown, setShown] = useState<ItemConflict | null>(conflict);
  const label = keep ? 'Keep' : 'Eliminate';
  const applyMine = async (over: ItemConflict) => {
    try {
      const result = await sendDecision(
        decideRequest(
          over.current,
          keep ? 'manually-select' : 'manually-eliminate',
          {},
          {
            current: over.current,
          },
        ),
      );
      setShown(null);
      sayDecided(
        `${label}: saved`,
        `${keep ? 'Selected' : 'Eliminated'} ${reviewTarget(over.filterType, over.id)}`,
        {
          undoId: result.undoId,
          cannotUndo: [result.cannotUndo, ANSWER_STAYS_COUNTED].filter(Boolean).join(' '),
        },
        () => undefined,
      );
    } catch (error) {
      // Changed again meanwhile: the newer change is shown, and Apply mine goes over that one.
      const again = conflictOfError(error);
      if (again) setShown(again);
      else void message.error(`${label} failed: ${errorText(error)}`);
    }
  };
  return (
    <Flex vertical gap={4}>
      {shown && (
        <ConflictPanel
          conflict={shown}
          onKeepTheirs={() => setShown(null)}
          onApplyMine={() => void applyMine(shown)}
        />
      )}
      <Typography.Text type="secondary">{AUDIT_CONFLICT_TEXT}</Typography.Text>
    </Flex>
  );
}
