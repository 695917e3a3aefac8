import type { ChangeEvent } from 'react';
import { usePlainLook } from './plainLook';

interface Props {
  checked: boolean;
  'aria-label': string;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
}

/**
 * A checkbox as Ant Design's Checkbox draws one without a label (cardClass.ts): a native checkbox
 * in the same label and box, with the same classes, without the component's wave and hooks. The
 * change event is the input's own (its `nativeEvent` carries the click's shift key).
 */
export function PlainCheckbox({ checked, onChange, 'aria-label': label }: Props) {
  const { card } = usePlainLook();
  return (
    <label className={card.checkboxWrapper(checked)}>
      <span className={card.checkbox(checked)}>
        <input
          aria-label={label}
          className={`${card.checkboxPrefix}-input`}
          type="checkbox"
          checked={checked}
          onChange={onChange}
        />
      </span>
    </label>
  );
}
