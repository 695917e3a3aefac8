import { Tag, Typography } from 'antd';
import type { CSSProperties } from 'react';

interface Props {
  values: readonly string[];
  /** Asked to remove one value; the caller confirms first. */
  onRemove(value: string): void;
  /** What the screen reader hears before the value, e.g. 'Remove tag'. */
  removeLabel: string;
}

/**
 * Ant Design's Flex (wrap, gap 4) as a plain element: a list shows this cell on each of its 50
 * rows, and Flex's style hooks cost on every one of them (issue 25).
 */
const WRAP: CSSProperties = { display: 'flex', flexWrap: 'wrap', gap: 4 };

/** A record's list (tags, unwanted usages) with each entry removable on its own. */
export function RemovableTags({ values, onRemove, removeLabel }: Props) {
  if (values.length === 0) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <div style={WRAP}>
      {values.map((value) => (
        <Tag
          key={value}
          closable
          closeIcon={<span aria-label={`${removeLabel} ${value}`}>×</span>}
          onClose={(e) => {
            // The tag stays until the removal is confirmed and done; the reload removes it.
            e.preventDefault();
            onRemove(value);
          }}
        >
          {value}
        </Tag>
      ))}
    </div>
  );
}
