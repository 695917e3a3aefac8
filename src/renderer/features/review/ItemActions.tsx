import { memo } from 'react';
import { PlainButton } from '../../ui/look/PlainButton';
import { PlainTooltip } from '../../ui/look/PlainTooltip';

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

const DEFAULT = { primary: false, danger: false };
const PRIMARY = { primary: true, danger: false };
const DANGER = { primary: false, danger: true };

/**
 * SPEC.md 4's buttons for each state, and the opposite decision on every card. Memoised (with
 * stable handlers, useItemDecisions.ts): a card given another item in the same state keeps them.
 * Plain buttons in Button's classes (PlainButton.tsx): a new page flips the state of about half of
 * its 20 cards, and four Buttons each were most of drawing those again (docs/performance.md, Review
 * and the lists); their tooltips plain too (PlainTooltip.tsx), drawn only while one shows.
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
    <div role="group" aria-label="Actions" className="dqc-card-actions">
      {selected && (
        <PlainButton look={DEFAULT} onClick={onAddKeyword} loading={busy === 'Add Keyword'}>
          Add Keyword
        </PlainButton>
      )}
      <PlainTooltip title={selected ? MOVES.confirmKept : MOVES.keep}>
        {(tip) => (
          <PlainButton
            {...tip}
            look={selected ? PRIMARY : DEFAULT}
            onClick={onSelect}
            loading={busy === 'Select'}
          >
            Select
          </PlainButton>
        )}
      </PlainTooltip>
      <PlainTooltip title={selected ? MOVES.eliminate : MOVES.confirmEliminated}>
        {(tip) => (
          <PlainButton {...tip} look={DANGER} onClick={onEliminate} loading={busy === 'Eliminate'}>
            Eliminate
          </PlainButton>
        )}
      </PlainTooltip>
      <PlainButton look={DEFAULT} onClick={onReview}>
        Review
      </PlainButton>
    </div>
  );
});
