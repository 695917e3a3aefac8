import { memo } from 'react';
import { usePlainLook } from '../../ui/look/plainLook';
import type { SelectKind } from '../../ui/look/fieldClass';
import type { KeywordFieldLabel } from './useLateKeywordForm';

/** Ant Design's down arrow (DownOutlined), as Select draws it: one element, no component. */
const ARROW = (
  <span role="img" aria-label="down" className="anticon anticon-down">
    <svg
      viewBox="64 64 896 896"
      focusable="false"
      data-icon="down"
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
    >
      <path d="M884 256h-75c-5.1 0-9.9 2.5-12.9 6.6L512 654.2 227.9 262.6c-3-4.1-7.8-6.6-12.9-6.6h-75c-6.5 0-10.3 7.4-6.5 12.7l352.6 486.1c12.8 17.6 39 17.6 51.7 0l352.6-486.1c3.9-5.3.1-12.7-6.4-12.7z" />
    </svg>
  </span>
);

interface Field {
  label: KeywordFieldLabel;
  kind: SelectKind;
  width: number;
  placeholder: string;
  /** The value the form starts with, shown as the select shows it. */
  value?: string;
  required: boolean;
}

/** KeywordForm.tsx's three fields as they start (SPEC.md 4: type NO_FILTER). */
const FIELDS: readonly Field[] = [
  { label: 'Keyword', kind: 'autoComplete', width: 200, placeholder: 'Keyword', required: true },
  {
    label: 'Keyword Type',
    kind: 'clearableSelect',
    width: 230,
    placeholder: 'Please Select Keyword Type *',
    value: 'NO_FILTER',
    required: true,
  },
  {
    label: 'Unwanted Usage',
    kind: 'select',
    width: 220,
    placeholder: 'Unwanted Usage',
    required: false,
  },
];

/**
 * A card's keyword form as it starts, drawn in Ant Design's own classes with plain elements
 * (issue 51): the same boxes, names and roles, none of the components. The reviewer's pointer on
 * the card, or the focus reaching one of these boxes, draws the real form in its place
 * (useLateKeywordForm.ts) and moves the focus to the same box there, so a click, Tab, the `a`
 * shortcut or a screen reader's activation all land in the real field.
 */
export const KeywordFormIdle = memo(function KeywordFormIdle({
  onWake,
}: {
  onWake(field: KeywordFieldLabel): void;
}) {
  const { field } = usePlainLook();
  const prefix = field.selectPrefix;
  return (
    <div className={`${field.form} dqc-keyword-form`}>
      {FIELDS.map((box) => (
        <div key={box.label} className={field.formItem}>
          <div className={field.select(box.kind)} style={{ width: box.width }}>
            <div
              className={
                box.value ? `${prefix}-content ${prefix}-content-has-value` : `${prefix}-content`
              }
              title={box.value}
            >
              {box.value ?? <div className={`${prefix}-placeholder`}>{box.placeholder}</div>}
              <input
                aria-label={box.label}
                aria-required={box.required || undefined}
                // Only the keyword box takes typing; the selects are read-only, as theirs are.
                readOnly={box.kind !== 'autoComplete'}
                defaultValue=""
                autoComplete="off"
                className={`${prefix}-input`}
                role="combobox"
                aria-expanded="false"
                aria-haspopup="listbox"
                aria-autocomplete="list"
                type="text"
                onFocus={() => onWake(box.label)}
              />
            </div>
            {box.kind !== 'autoComplete' && <div className={`${prefix}-suffix`}>{ARROW}</div>}
          </div>
        </div>
      ))}
    </div>
  );
});
