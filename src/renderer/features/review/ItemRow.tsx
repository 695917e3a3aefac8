import { Typography } from 'antd';
import { forwardRef, type ReactNode } from 'react';
import type { ReviewItem } from '../../../shared/api/records';
import { shown } from '../../ui/shown';
import { ItemStatus } from './ItemStatus';
import { highlightParts } from './reviewLogic';
import './compact.css';

interface Props {
  item: ReviewItem;
  /** '@account' or the website, as the full card's title. */
  title: string;
  focused: boolean;
  onFocus(): void;
  /**
   * The pointer comes onto the row, and leaves it (the late keyword form, useLateKeywordForm.ts):
   * given for the focused row, the only one that draws its actions.
   */
  onPointerEnter?(): void;
  onPointerLeave?(): void;
  /** The "Choose item <id>" checkbox, when the item can be chosen. */
  checkbox: ReactNode;
  /** The filter's keyword: marked in the message with the detected keywords. */
  highlight: string | undefined;
  /** The focused row's second line: the keyword form with the decisions, and History. */
  actions: ReactNode;
  /** Why an item has no actions (eliminated by similarity or by a quoted post). */
  note: string | null;
  /** The mark of a change made elsewhere (ChangedMark.tsx), beside the state. */
  mark?: ReactNode;
}

/**
 * One item in Compact density (docs/user-guide.md, A reviewer's shift): the checkbox, the account,
 * the message on one line with the keyword marked, the state and the ratio; the focused row adds a
 * line with its actions. The same region name ("Item <id>") and data-item-id as the full card, so
 * every shortcut, test and screen reader finds it the same way.
 */
export const ItemRow = forwardRef<HTMLDivElement, Props>(function ItemRow(
  {
    item,
    title,
    focused,
    onFocus,
    onPointerEnter,
    onPointerLeave,
    checkbox,
    highlight,
    actions,
    note,
    mark,
  },
  ref,
) {
  const words = highlight?.trim()
    ? [highlight.trim(), ...item.detectedKeyword]
    : item.detectedKeyword;
  const message = highlightParts(item.message, words);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      onFocus={onFocus}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      role="region"
      className={focused ? 'dqc-row dqc-row-focused' : 'dqc-row'}
      data-item-id={item.id}
      aria-label={`Item ${shown(item.id)}`}
    >
      <div className="dqc-row-line">
        {checkbox}
        <Typography.Text strong className="dqc-row-account" title={title}>
          {title}
        </Typography.Text>
        <Typography.Text type="secondary" className="dqc-row-name">
          {shown(item.accountName)}
        </Typography.Text>
        {/* The whole message is its title: the line shows what fits. */}
        <span className="dqc-row-message dqc-message" title={item.message}>
          {message.map((part, i) =>
            part.hit ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
          )}
        </span>
        {note && (
          <Typography.Text type="warning" strong className="dqc-row-note">
            {note}
          </Typography.Text>
        )}
        <span className="dqc-row-status">
          {mark}
          <ItemStatus item={item} />
        </span>
      </div>
      {actions && <div className="dqc-row-actions">{actions}</div>}
    </div>
  );
});
