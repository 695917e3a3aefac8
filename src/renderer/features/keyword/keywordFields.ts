import { KEYWORD_TYPES, type KeywordType } from '../../../shared/constants';
import type { UpdateField } from '../../ui/updateFields';

export interface KeywordFormValues extends Record<string, unknown> {
  keyword: string;
  type: KeywordType;
}

/** The keyword add/update modal (SPEC.md 5): keyword required, a type must be chosen. */
export const KEYWORD_FIELDS: readonly UpdateField[] = [
  {
    name: 'keyword',
    label: 'Keyword',
    kind: 'text',
    placeholder: 'Keyword *',
    requiredMessage: 'Please enter a keyword',
  },
  {
    name: 'type',
    label: 'Type',
    kind: 'select',
    placeholder: 'Please Select Keyword Type *',
    requiredMessage: 'Please Select Keyword Type *',
    options: KEYWORD_TYPES.map((t) => ({ value: t, label: t })),
  },
];
