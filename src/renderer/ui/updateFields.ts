import type { FormRule as Rule } from 'antd';
import { INT4_MAX } from '../../shared/bodies/fields';

/**
 * One field of the shared update modal (SPEC.md 2 and 5). Each entity's modal is a list of these:
 * - text: a free-text box;
 * - number: a whole number (rank, ids);
 * - flag: a true/false flag typed as free text, where the spec says free text;
 * - boolSelect: a true/false select, where the spec has one;
 * - list: several free words (tags, unwanted usages), typed and confirmed with Enter or a comma;
 * - select: one of fixed options.
 */
export type FieldKind = 'text' | 'number' | 'flag' | 'boolSelect' | 'list' | 'select';

export interface UpdateField {
  name: string;
  label: string;
  kind: FieldKind;
  /** Marked required (SPEC.md 5); lists default to optional, since they start empty. */
  required?: boolean;
  /** Shown but not editable, e.g. the unique name that identifies the record. */
  readOnly?: boolean;
  placeholder?: string;
  /** What an empty required field says; 'Please enter <label>' unless the spec words it. */
  requiredMessage?: string;
  options?: readonly { value: string; label: string }[];
}

export const isRequired = (field: UpdateField) => field.required ?? field.kind !== 'list';

const FLAG_WORD = /^\s*(true|false)\s*$/i;

/** The rules behind a field's required mark and shape, with sentences that say what to type. */
export function fieldRules(field: UpdateField): Rule[] {
  const rules: Rule[] = [];
  const message = field.requiredMessage ?? `Please enter ${field.label}`;
  // The rule's type must match the value: a string rule would refuse a rank of 794.
  if (isRequired(field))
    rules.push(
      field.kind === 'text' || field.kind === 'flag'
        ? { required: true, whitespace: true, message }
        : field.kind === 'number'
          ? { required: true, type: 'number', message }
          : field.kind === 'boolSelect'
            ? { required: true, type: 'boolean', message }
            : field.kind === 'list'
              ? { required: true, type: 'array', message }
              : { required: true, message },
    );
  // Ranks and ids are integer (int4) columns on the server.
  if (field.kind === 'number')
    rules.push({
      type: 'number',
      max: INT4_MAX,
      message: `${field.label} is too large (at most ${INT4_MAX})`,
    });
  if (field.kind === 'flag')
    rules.push({
      validator: async (_, value: unknown) => {
        if (value === undefined || value === null || value === '' || typeof value === 'boolean')
          return;
        if (!FLAG_WORD.test(String(value))) throw new Error(`${field.label} must be true or false`);
      },
    });
  return rules;
}

/** A flag's form value from a record's boolean: free-text fields show the word. */
export const flagText = (value: boolean | undefined) =>
  value === undefined ? undefined : value ? 'true' : 'false';
