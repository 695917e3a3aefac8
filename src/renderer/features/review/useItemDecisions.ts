import { App as AntApp, type FormInstance } from 'antd';
import { useState } from 'react';
import type { ReviewItem } from '../../../shared/api/records';
import type { FilterType } from '../../../shared/bodies/review';
import { invoke } from '../../bridge/bridge';
import { dropDraft } from '../../session/drafts';
import { useConfirm } from '../../ui/confirmAction';
import { errorText } from '../../ui/errorText';
import type { ActionLabel } from './ItemActions';
import {
  changeRequest,
  eliminateChange,
  type ChangeRequest,
  type KeywordFormValues,
  type ReviewChange,
} from './reviewChange';
import { cardState } from './reviewLogic';

interface Options {
  item: ReviewItem;
  filterType: FilterType;
  form: FormInstance<KeywordFormValues>;
  /** The form's draft, dropped once its change is saved (drafts.ts). */
  draftKey: string;
  /** Called after a change was saved; the page reloads its list after the spec's delay. */
  onChanged(): void;
}

async function send(request: ChangeRequest): Promise<void> {
  if (request.channel === 'review.manualChange') await invoke(request.channel, request.payload);
  else await invoke(request.channel, request.payload);
}

/**
 * A card's decisions (SPEC.md 4, Review items): each says what it saved or why it failed; after a
 * saved change the keyword form resets and the page is told. Review asks SPEC.md 8's confirm first.
 */
export function useItemDecisions({ item, filterType, form, draftKey, onChanged }: Options) {
  const { message } = AntApp.useApp();
  const confirm = useConfirm();
  const [busy, setBusy] = useState<ActionLabel | null>(null);

  async function change(what: ReviewChange, label: ActionLabel, needKeyword: boolean) {
    if (needKeyword) {
      try {
        await form.validateFields(['keyword', 'type']);
      } catch {
        return;
      }
    }
    setBusy(label);
    try {
      await send(changeRequest(item, what, form.getFieldsValue()));
      void message.success(`${label}: saved`);
      form.resetFields();
      dropDraft(draftKey);
      onChanged();
    } catch (error) {
      // What the reviewer typed stays in the form.
      void message.error(`${label} failed: ${errorText(error)}`);
    } finally {
      setBusy(null);
    }
  }

  return {
    busy,
    select: () => void change('manually-select', 'Select', false),
    eliminate: () =>
      void change(
        eliminateChange(cardState(item), form.getFieldsValue().keyword),
        'Eliminate',
        false,
      ),
    addKeyword: () => void change('add-keyword', 'Add Keyword', true),
    review: () =>
      confirm({
        content:
          filterType === 'tweets'
            ? 'Are you sure the reviewe these tweets?'
            : 'Are you sure the reviewe these new?',
        danger: false,
        action: async () => {
          if (item.id === undefined) throw new Error('this item has no data id');
          await invoke('review.reviewed', { filterType, id: item.id });
        },
        done: 'Marked as reviewed',
        failed: 'Review failed',
        after: onChanged,
      }),
  };
}
