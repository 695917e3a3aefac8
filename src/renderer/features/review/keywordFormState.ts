import type { FormInstance } from 'antd';
import type { KeywordFormValues } from './reviewChange';

/**
 * True when a card's keyword form is as it starts (KeywordForm.tsx: type NO_FILTER, nothing
 * else, no message shown): resetting it would change nothing a person sees.
 */
export function isUntouched(form: FormInstance<KeywordFormValues>): boolean {
  const { keyword, type, unwantedUsage } = form.getFieldsValue([
    'keyword',
    'type',
    'unwantedUsage',
  ]);
  const empty = (value: unknown) => value === undefined || value === null || value === '';
  return (
    empty(keyword) &&
    type === 'NO_FILTER' &&
    empty(unwantedUsage) &&
    form.getFieldsError().every((field) => field.errors.length === 0 && field.warnings.length === 0)
  );
}
