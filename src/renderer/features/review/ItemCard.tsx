import {
  App as AntApp,
  AutoComplete,
  Button,
  Card,
  Descriptions,
  Form,
  Select,
  Space,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import {
  forwardRef,
  memo,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type ComponentRef,
  type Ref,
} from 'react';
import { KEYWORD_TYPES, type KeywordType } from '../../../shared/constants';
import type { Keyword, NewsItem, ReviewItem, TweetItem } from '../../../shared/api/records';
import type { FilterType, ManualCase } from '../../../shared/bodies/review';
import { invoke } from '../../bridge/bridge';
import { dropDraft, keepDraft, readDraft } from '../../session/drafts';
import { ExternalLink } from '../../ui/ExternalLink';
import { shown } from '../../ui/shown';
import {
  cardState,
  formatRatio,
  highlightParts,
  keywordSuggestions,
  unwantedUsagesOf,
} from './reviewLogic';
import { errorText } from '../../ui/errorText';

export interface ItemCardHandle {
  select(): void;
  eliminate(): void;
  review(): void;
  addKeyword(): void;
  focus(): void;
}

interface KeywordForm {
  keyword?: string;
  type?: string;
  unwantedUsage?: string;
}

interface Props {
  item: ReviewItem;
  filterType: FilterType;
  keywords: readonly Keyword[];
  focused: boolean;
  onFocus(): void;
  /** Called after a change was saved; the page reloads its list after the spec's delay. */
  onChanged(): void;
}

/** Decided by the item's own shape, so a card never reads fields its item does not have. */
const isTweet = (item: ReviewItem): item is TweetItem => 'tweetId' in item;
const fmt = (iso: string | undefined) => (iso ? iso.replace('T', ' ').slice(0, 19) : '-');

/** What each decision does to the item, said on its button (issue: decisions both ways). */
const MOVES = {
  keep: 'Select: keep this item (it moves to selected)',
  confirmKept: 'Select: confirm the classifier kept this item',
  eliminate: 'Eliminate: take this kept item out (it moves to eliminated)',
  confirmEliminated:
    'Eliminate: confirm the elimination; with a keyword typed, records it as the reason',
};

type Change = ManualCase | 'add-eliminated-keyword';

function ItemCardInner(
  { item, filterType, keywords, focused, onFocus, onChanged }: Props,
  ref: Ref<ItemCardHandle>,
) {
  const { message, modal } = AntApp.useApp();
  const [form] = Form.useForm<KeywordForm>();
  const [busy, setBusy] = useState<string | null>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const keywordRef = useRef<ComponentRef<typeof AutoComplete>>(null);
  const typed = Form.useWatch('keyword', form) ?? '';
  const state = cardState(item);
  const tweet = isTweet(item);
  const ratio = formatRatio(item.nlpDecisionRatio);
  const usages = unwantedUsagesOf(keywords, typed);
  const draftKey = `review-card:${filterType}:${item.id}`;
  // What was typed before a session ended comes back (drafts.ts); set once, not as the initial
  // values, which a reset after a change must bring back to NO_FILTER.
  useEffect(() => {
    const draft = readDraft<KeywordForm>(draftKey);
    if (draft) form.setFieldsValue(draft);
  }, [form, draftKey]);

  async function send(change: Change, label: string, needKeyword: boolean) {
    const values = form.getFieldsValue();
    const keyword = values.keyword?.trim() || null;
    if (needKeyword) {
      try {
        await form.validateFields(['keyword', 'type']);
      } catch {
        return;
      }
    }
    const type = (values.type ?? null) as KeywordType | null;
    const common = { keyword, unwantedUsage: values.unwantedUsage ?? null };
    setBusy(label);
    try {
      if (tweet) {
        const body = {
          tweetId: item.tweetId ?? '',
          twitterUserName: item.twitterUserName ?? '',
          keywordType: type,
          ...common,
        };
        await (change === 'add-eliminated-keyword'
          ? invoke('review.addEliminatedKeyword', { filterType: 'tweets', ...body })
          : invoke('review.manualChange', { filterType: 'tweets', case: change, ...body }));
      } else {
        const news = item as NewsItem;
        const body = {
          newsId: news.newsId ?? '',
          website: news.website ?? '',
          newsKeywordType: type,
          ...common,
        };
        // SPEC.md 7: the eliminated-keyword call goes without accountName.
        await (change === 'add-eliminated-keyword'
          ? invoke('review.addEliminatedKeyword', { filterType: 'news', ...body })
          : invoke('review.manualChange', {
              filterType: 'news',
              case: change,
              ...body,
              accountName: news.accountName ?? null,
            }));
      }
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

  const eliminate = () => {
    // Giving a keyword for an item the classifier already eliminated records it as the reason.
    const keyword = form.getFieldValue('keyword') as string | undefined;
    void send(
      state === 'notSelected' && keyword?.trim() ? 'add-eliminated-keyword' : 'manually-eliminate',
      'Eliminate',
      false,
    );
  };
  const select = () => void send('manually-select', 'Select', false);
  const addKeyword = () => {
    void send('add-keyword', 'Add Keyword', true);
  };
  const review = () => {
    modal.confirm({
      title: 'WARNING',
      content:
        filterType === 'tweets'
          ? 'Are you sure the reviewe these tweets?'
          : 'Are you sure the reviewe these new?',
      okText: 'Yes!',
      cancelText: 'Close',
      onOk: async () => {
        try {
          if (item.id === undefined) throw new Error('this item has no data id');
          await invoke('review.reviewed', { filterType, id: item.id });
          void message.success('Marked as reviewed');
          onChanged();
        } catch (error) {
          void message.error(`Review failed: ${errorText(error)}`);
        }
      },
    });
  };

  const decidable = state === 'selected' || state === 'notSelected';
  useImperativeHandle(ref, () => ({
    // Both decisions on every card that has actions: s keeps, e eliminates.
    select: () => decidable && select(),
    eliminate: () => decidable && eliminate(),
    review: () => (state === 'selected' || state === 'notSelected') && review(),
    addKeyword: () => {
      if (state !== 'selected') return;
      keywordRef.current?.focus();
    },
    focus: () => cardRef.current?.focus(),
  }));

  const title = tweet ? `@${shown(item.twitterUserName)}` : shown((item as NewsItem).website);
  return (
    <div
      ref={cardRef}
      tabIndex={-1}
      onFocus={onFocus}
      className={focused ? 'dqc-card dqc-card-focused' : 'dqc-card'}
      data-item-id={item.id}
      aria-label={`Item ${shown(item.id)}`}
    >
      <Card
        size="small"
        title={
          <Space wrap>
            <Typography.Text strong>{title}</Typography.Text>
            <Typography.Text type="secondary">{shown(item.accountName)}</Typography.Text>
            <Tag>Data Id {shown(item.id)}</Tag>
          </Space>
        }
        extra={
          <Space wrap>
            <Tag color={item.selected ? 'green' : 'red'}>
              {item.selected ? 'Selected' : 'Eliminated'}
            </Tag>
            {item.manuallyChanged && <Tag color="purple">Manually changed</Tag>}
            {item.reviewedBy ? (
              <Tag color="blue">Reviewed by {item.reviewedBy}</Tag>
            ) : (
              <Tag>Not reviewed</Tag>
            )}
            <span
              className={ratio.high ? 'dqc-ratio dqc-ratio-high' : 'dqc-ratio'}
              title="NLP decision ratio"
            >
              {ratio.text}
            </span>
          </Space>
        }
      >
        <Typography.Paragraph className="dqc-message">
          {highlightParts(item.message, item.detectedKeyword).map((part, i) =>
            part.hit ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
          )}
        </Typography.Paragraph>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label="Url">
            {/* Asks before it leaves the console (RELIABILITY.md, checklist 15). */}
            <ExternalLink url={item.url} />
          </Descriptions.Item>
          {tweet && <Descriptions.Item label="Tweet Id">{shown(item.tweetId)}</Descriptions.Item>}
          {tweet && <Descriptions.Item label="Tweet Time">{fmt(item.tweetTime)}</Descriptions.Item>}
          <Descriptions.Item label="Detect Time">{fmt(item.detectTime)}</Descriptions.Item>
          <Descriptions.Item label="Detected Keyword">
            {item.detectedKeyword.join(', ') || '-'}
          </Descriptions.Item>
          <Descriptions.Item label="Unwanted Usage">
            {item.unwantedUsage.join(', ') || '-'}
          </Descriptions.Item>
          <Descriptions.Item label="Eliminated Keyword">
            {shown(item.eliminatedKeyword)}
          </Descriptions.Item>
          {!tweet && (
            <>
              <Descriptions.Item label="Currencies">
                {(item as NewsItem).cryptoCurrencyList.map((c) => shown(c.symbol)).join(', ') ||
                  '-'}
              </Descriptions.Item>
              <Descriptions.Item label="Markets">
                {(item as NewsItem).cryptoMarketList.map((m) => shown(m.name)).join(', ') || '-'}
              </Descriptions.Item>
              <Descriptions.Item label="Tags">
                {(item as NewsItem).cryptoTagsList.join(', ') || '-'}
              </Descriptions.Item>
            </>
          )}
        </Descriptions>
        {state === 'similarity' || state === 'quoted' ? (
          <Typography.Text type="warning" strong>
            {state === 'similarity'
              ? 'This Data Eliminated By Similarity'
              : 'This Data Eliminated By Quoted Post'}
          </Typography.Text>
        ) : (
          <Form<KeywordForm>
            form={form}
            // SPEC.md 4: the form starts, and resets after a change, with type NO_FILTER.
            initialValues={{ type: 'NO_FILTER' }}
            onValuesChange={(_, all) => keepDraft(draftKey, all)}
            layout="inline"
            className="dqc-keyword-form"
            aria-label={`Keyword form ${item.id}`}
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
                  if (match?.type)
                    form.setFieldsValue({ type: match.type, unwantedUsage: undefined });
                }}
                ref={keywordRef}
              />
            </Form.Item>
            <Form.Item
              name="type"
              rules={[{ required: true, message: 'Please Select Keyword Type *' }]}
            >
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
                options={usages.map((u) => ({ value: u, label: u }))}
                notFoundContent="There is no Unwanted Usage"
              />
            </Form.Item>
            <Space wrap role="group" aria-label="Actions">
              {/* SPEC.md 4's buttons for each state, and the opposite decision on every card. */}
              {state === 'selected' && (
                <Button onClick={addKeyword} loading={busy === 'Add Keyword'}>
                  Add Keyword
                </Button>
              )}
              <Tooltip title={state === 'selected' ? MOVES.confirmKept : MOVES.keep}>
                <Button
                  type={state === 'selected' ? 'primary' : 'default'}
                  onClick={select}
                  loading={busy === 'Select'}
                >
                  Select
                </Button>
              </Tooltip>
              <Tooltip title={state === 'selected' ? MOVES.eliminate : MOVES.confirmEliminated}>
                <Button danger onClick={eliminate} loading={busy === 'Eliminate'}>
                  Eliminate
                </Button>
              </Tooltip>
              <Button onClick={review}>Review</Button>
            </Space>
          </Form>
        )}
      </Card>
    </div>
  );
}

/**
 * Memoised: the page renders again for its own state (a load starting, the focused card), and a
 * card whose props did not change is not drawn again, which for 20 cards is most of a click's cost.
 */
export const ItemCard = memo(forwardRef(ItemCardInner));
