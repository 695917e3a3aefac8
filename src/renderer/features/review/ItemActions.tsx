import { Button, Space, Tooltip } from 'antd';
import { memo } from 'react';

/** What each decision does to the item, said on its button: decisions go both ways. */
const MOVES = {
  keep: 'Select: keep this item (it moves to selected)',
  confirmKept: 'Select: confirm the classifier kept this item',
  eliminate: 'Eliminate: take this kept item out (it moves to eliminated)',
  confirmEliminated:
    'Eliminate: confirm the elimination; with a keyword typed, records it as the reason',
};

/** A card's actions, named by the label their message and busy state use. */
export type ActionLabel = 'Add Keyword' | 'Select' | 'Eliminate';

interface Props {
  /** True for an item the classifier kept (SPEC.md 4: Selected). */
  selected: boolean;
  /** The action whose change is being saved. */
  busy: ActionLabel | null;
  onAddKeyword(): void;
  onSelect(): void;
  onEliminate(): void;
  onReview(): void;
}

/**
 * SPEC.md 4's buttons for each state, and the opposite decision on every card. Memoised (with
 * stable handlers, useItemDecisions.ts): a card given another item in the same state keeps them.
 */
export const ItemActions = memo(function ItemActions({
  selected,
  busy,
  onAddKeyword,
  onSelect,
  onEliminate,
  onReview,
}: Props) {
  return (
    <Space wrap role="group" aria-label="Actions">
      {selected && (
        <Button onClick={onAddKeyword} loading={busy === 'Add Keyword'}>
          Add Keyword
        </Button>
      )}
      <Tooltip title={selected ? MOVES.confirmKept : MOVES.keep}>
        <Button
          type={selected ? 'primary' : 'default'}
          onClick={onSelect}
          loading={busy === 'Select'}
        >
          Select
        </Button>
      </Tooltip>
      <Tooltip title={selected ? MOVES.eliminate : MOVES.confirmEliminated}>
        <Button danger onClick={onEliminate} loading={busy === 'Eliminate'}>
          Eliminate
        </Button>
      </Tooltip>
      <Button onClick={onReview}>Review</Button>
    </Space>
  );
});
