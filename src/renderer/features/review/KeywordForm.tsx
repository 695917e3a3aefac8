import { AutoComplete, Form, Select, type FormInstance } from 'antd';
import { memo, useMemo, type ReactNode } from 'react';
import type { Keyword } from '../../../shared/api/records';
import type { FilterType } from '../../../shared/bodies/review';
import { KEYWORD_TYPES } from '../../../shared/constants';
import { keepDraft } from '../../session/drafts';
import { KeywordImpact } from '../../domain/insight/KeywordImpact';
import type { KeywordFormValues } from './reviewChange';
import { keywordSuggestions, unwantedUsagesOf } from './reviewLogic';
import { useStableCallback } from '../../ui/useStableCallback';
import { KeywordFormIdle } from './KeywordFormIdle';
import type { FocusedPart } from './focusedPart';
import './insight.css';

interface Props {
  form: FormInstance<KeywordFormValues>;
  /** The item's data id, which names the form. */
  itemId: number | undefined;
  /** The card's service: the keyword preview's figures come first for it. */
  service: FilterType;
  keywords: readonly Keyword[];
  /** Where what is typed is kept if the session ends (drafts.ts). */
  draftKey: string;
  /** The real form is drawn; until then its stand-in (KeywordFormIdle.tsx, issue 51). */
  live: boolean;
  /** The stand-in was reached: draw the real form and focus `field` in it. */
  onWake(part: FocusedPart): void;
  /** The card's actions, in the form's row. */
  children: ReactNode;
}

/** SPEC.md 4: the form starts, and resets after a change, with type NO_FILTER. */
const INITIAL_VALUES: Partial<KeywordFormValues> = { type: 'NO_FILTER' };
const TYPE_OPTIONS = KEYWORD_TYPES.map((t) => ({ value: t, label: t }));

/**
 * A card's keyword, keyword type and unwanted usage (SPEC.md 5: suggestions, the type a chosen
 * suggestion brings, the keyword's known unwanted usages), with the card's buttons on its row.
 *
 * The name is on a landmark around the form, and the buttons sit beside the form rather than in it:
 * the form itself (memoised below) is then not drawn again when the card is given another item
 * (slotKeys.ts) or its buttons change. An Ant Design form drawn again draws every field again and
 * reads the page's layout for each; for 20 cards that was most of a page switch
 * (docs/performance.md, Review and the lists).
 */
export function KeywordForm({
  form,
  itemId,
  service,
  keywords,
  draftKey,
  live,
  onWake,
  children,
}: Props) {
  const keepTyped = useStableCallback((_: unknown, all: KeywordFormValues) =>
    keepDraft(draftKey, all),
  );
  return (
    <div role="form" aria-label={`Keyword form ${itemId}`} className="dqc-keyword-row">
      {live ? (
        <KeywordFormBody
          form={form}
          service={service}
          keywords={keywords}
          onValuesChange={keepTyped}
        />
      ) : (
        <KeywordFormIdle onWake={onWake} />
      )}
      {children}
    </div>
  );
}

const KeywordFormBody = memo(function KeywordFormBody({
  form,
  service,
  keywords,
  onValuesChange,
}: Pick<Props, 'form' | 'service' | 'keywords'> & {
  onValuesChange(changed: unknown, all: KeywordFormValues): void;
}) {
  const typed = Form.useWatch('keyword', form) ?? '';
  return (
    <>
      <Form<KeywordFormValues>
        form={form}
        initialValues={INITIAL_VALUES}
        onValuesChange={onValuesChange}
        layout="inline"
        className="dqc-keyword-form"
      >
        <KeywordFields form={form} keywords={keywords} typed={typed} />
      </Form>
      {/*
        What the keyword would touch before it is saved (keyword impact, DESIGN.md, Extensions): on
        a line of its own under the row (insight.css); nothing at all without the extension or a
        keyword.
      */}
      <div className="dqc-card-keyword-impact">
        <KeywordImpact keyword={typed} service={service} />
      </div>
    </>
  );
});

/**
 * The three boxes, memoised: a card given another item (slotKeys.ts) keeps its boxes as they are,
 * and an autocomplete and two selects drawn again for each of 20 cards were most of a page switch's
 * cost (docs/performance.md, Review and the lists). They follow the keyword list and what is typed.
 */
const KeywordFields = memo(function KeywordFields({
  form,
  keywords,
  typed,
}: {
  form: FormInstance<KeywordFormValues>;
  keywords: readonly Keyword[];
  typed: string;
}) {
  const suggestions = useMemo(
    () =>
      keywordSuggestions(keywords, typed).map((k) => ({
        value: k.keyword,
        label: `${k.keyword} (${k.type})`,
      })),
    [keywords, typed],
  );
  const usages = useMemo(
    () => unwantedUsagesOf(keywords, typed).map((u) => ({ value: u, label: u })),
    [keywords, typed],
  );
  return (
    <>
      <Form.Item
        name="keyword"
        rules={[{ required: true, whitespace: true, message: 'Please enter a keyword' }]}
      >
        <AutoComplete
          style={{ width: 200 }}
          placeholder="Keyword"
          aria-label="Keyword"
          options={suggestions}
          onSelect={(value: string) => {
            const match = keywords.find((k) => k.keyword === value);
            if (match?.type) form.setFieldsValue({ type: match.type, unwantedUsage: undefined });
          }}
        />
      </Form.Item>
      <Form.Item name="type" rules={[{ required: true, message: 'Please Select Keyword Type *' }]}>
        <Select
          style={{ width: 230 }}
          placeholder="Please Select Keyword Type *"
          aria-label="Keyword Type"
          allowClear
          options={TYPE_OPTIONS}
        />
      </Form.Item>
      <Form.Item name="unwantedUsage">
        <Select
          style={{ width: 220 }}
          placeholder="Unwanted Usage"
          aria-label="Unwanted Usage"
          allowClear
          options={usages}
          notFoundContent="There is no Unwanted Usage"
        />
      </Form.Item>
    </>
  );
});
