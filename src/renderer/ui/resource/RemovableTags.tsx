import './removableTags.css';

interface Props {
  values: readonly string[];
  /** Asked to remove one value; the caller confirms first. */
  onRemove(value: string): void;
  /** What the screen reader hears before the value, e.g. 'Remove tag'. */
  removeLabel: string;
}

/**
 * A record's list (tags, unwanted usages) with each entry removable on its own: a chip drawn as
 * Ant Design's tag looks (removableTags.css, from its colour variables) with a real button to
 * remove it. Plain elements, not Ant Design's closable Tag: a list shows this cell on each of its
 * 50 rows, often with several entries, and each Tag's style and close hooks were most of drawing
 * a page (docs/performance.md, Review and the lists: plain elements where a component only draws).
 */
export function RemovableTags({ values, onRemove, removeLabel }: Props) {
  if (values.length === 0) return <span className="dqc-chips-none">-</span>;
  return (
    <div className="dqc-chips">
      {values.map((value) => (
        <span key={value} className="dqc-chip">
          {value}
          <button
            type="button"
            className="dqc-chip-remove"
            aria-label={`${removeLabel} ${value}`}
            // The chip stays until the removal is confirmed and done; the reload removes it.
            onClick={() => onRemove(value)}
          >
            ×
          </button>
        </span>
      ))}
    </div>
  );
}
