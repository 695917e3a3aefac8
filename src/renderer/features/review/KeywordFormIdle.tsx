import { memo } from 'react';
import { usePlainLook } from '../../ui/look/plainLook';
import type { SelectKind } from '../../ui/look/fieldClass';
import type { FocusedPart } from './focusedPart';

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

/** Ant Design's CloseCircleFilled, as a select's Clear button draws it. */
const CLEAR = (
  <span role="img" aria-label="close-circle" className="anticon anticon-close-circle">
    <svg
      fillRule="evenodd"
      viewBox="64 64 896 896"
      focusable="false"
      data-icon="close-circle"
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
    >
      <path d="M512 64c247.4 0 448 200.6 448 448S759.4 960 512 960 64 759.4 64 512 264.6 64 512 64zm127.98 274.82h-.04l-.08.06L512 466.75 384.14 338.88c-.04-.05-.06-.06-.08-.06a.12.12 0 00-.07 0c-.03 0-.05.01-.09.05l-45.02 45.02a.2.2 0 00-.05.09.12.12 0 000 .07v.02a.27.27 0 00.06.06L466.75 512 338.88 639.86c-.05.04-.06.06-.06.08a.12.12 0 000 .07c0 .03.01.05.05.09l45.02 45.02a.2.2 0 00.09.05.12.12 0 00.07 0c.02 0 .04-.01.08-.05L512 557.25l127.86 127.87c.04.04.06.05.08.05a.12.12 0 00.07 0c.03 0 .05-.01.09-.05l45.02-45.02a.2.2 0 00.05-.09.12.12 0 000-.07v-.02a.27.27 0 00-.05-.06L557.25 512l127.87-127.86c.04-.04.05-.06.05-.08a.12.12 0 000-.07c0-.03-.01-.05-.05-.09l-45.02-45.02a.2.2 0 00-.09-.05.12.12 0 00-.07 0z" />
    </svg>
  </span>
);

/** A keyword form field, by the accessible name both its stand-in and the real field carry. */
type KeywordFieldLabel = 'Keyword' | 'Keyword Type' | 'Unwanted Usage';

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
 * (useLateKeywordForm.ts) and moves the focus to the same box there: Tab, the `a` shortcut and a
 * screen reader's activation land in the real field, and a pointer has woken the card on its way
 * in, before it presses.
 */
export const KeywordFormIdle = memo(function KeywordFormIdle({
  onWake,
}: {
  onWake(part: FocusedPart): void;
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
                onFocus={() => onWake({ box: box.label })}
              />
            </div>
            {box.kind !== 'autoComplete' && <div className={`${prefix}-suffix`}>{ARROW}</div>}
            {/* A select that can be cleared and has a value draws its Clear button (a tab stop). */}
            {box.kind === 'clearableSelect' && box.value && (
              <button
                type="button"
                aria-label="Clear"
                className={`${prefix}-clear`}
                onFocus={() => onWake({ button: 'Clear' })}
              >
                {CLEAR}
              </button>
            )}
          </div>
        </div>
      ))}
    </div>
  );
});
