import { AutoComplete, Form, Select, type FormInstance } from 'antd';
import type { ComponentRef, ReactNode, Ref } from 'react';
import type { Keyword } from '../../../shared/api/records';
import type { FilterType } from '../../../shared/bodies/review';
import { KEYWORD_TYPES } from '../../../shared/constants';
import { keepDraft } from '../../session/drafts';
import { KeywordImpact } from '../../ui/insight/KeywordImpact';
import type { KeywordFormValues } from './reviewChange';
import { keywordSuggestions, unwantedUsagesOf } from './reviewLogic';
import './insight.css';

export type KeywordInput = ComponentRef<typeof AutoComplete>;

interface Props {
  form: FormInstance<KeywordFormValues>;
  /** The item's data id, which names the form. */
  itemId: number | undefined;
  /** The card's service: the keyword preview's figures come first for it. */
  service: FilterType;
  keywords: readonly Keyword[];
  /** Where what is typed is kept if the session ends (drafts.ts). */
  draftKey: string;
  /** The keyword box, which the 'a' shortcut focuses. */
  keywordRef: Ref<KeywordInput>;
  /** The card's actions, in the form's row. */
  children: ReactNode;
}

/**
 * A card's keyword, keyword type and unwanted usage (SPEC.md 5: suggestions, the type a chosen
 * suggestion brings, the keyword's known unwanted usages).
 */
export function KeywordForm({
  form,
  itemId,
  service,
  keywords,
  draftKey,
  keywordRef,
  children,
}: Props) {
  const typed = Form.useWatch('keyword', form) ?? '';
  return (
    <Form<KeywordFormValues>
      form={form}
      // SPEC.md 4: the form starts, and resets after a change, with type NO_FILTER.
      initialValues={{ type: 'NO_FILTER' }}
      onValuesChange={(_, all) => keepDraft(draftKey, all)}
      layout="inline"
      className="dqc-keyword-form"
      aria-label={`Keyword form ${itemId}`}
    >
      <Form.Item
        name="keyword"
        rules={[{ required: true, whitespace: true, message: 'Please enter a keyword' }]}
      >
        <AutoComplete
          style={{ width: 200 }}
          placeholder="Keyword"
          aria-label="Keyword"
          options={keywordSuggestions(keywords, typed).map((k) => ({
            value: k.keyword,
            label: `${k.keyword} (${k.type})`,
          }))}
          onSelect={(value: string) => {
            const match = keywords.find((k) => k.keyword === value);
            if (match?.type) form.setFieldsValue({ type: match.type, unwantedUsage: undefined });
          }}
          ref={keywordRef}
        />
      </Form.Item>
      <Form.Item name="type" rules={[{ required: true, message: 'Please Select Keyword Type *' }]}>
        <Select
          style={{ width: 230 }}
          placeholder="Please Select Keyword Type *"
          aria-label="Keyword Type"
          allowClear
          options={KEYWORD_TYPES.map((t) => ({ value: t, label: t }))}
        />
      </Form.Item>
      <Form.Item name="unwantedUsage">
        <Select
          style={{ width: 220 }}
          placeholder="Unwanted Usage"
          aria-label="Unwanted Usage"
          allowClear
          options={unwantedUsagesOf(keywords, typed).map((u) => ({ value: u, label: u }))}
          notFoundContent="There is no Unwanted Usage"
        />
      </Form.Item>
      {children}
      {/*
        What the keyword would touch before it is saved (issue 24, keyword-impact): on a line of
        its own under the row; nothing at all without the extension or a keyword.
      */}
      <div className="dqc-card-keyword-impact">
        <KeywordImpact keyword={typed} service={service} />
      </div>
    </Form>
  );
}
