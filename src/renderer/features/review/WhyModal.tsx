import { Button, Flex, Modal, Skeleton, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { FilterType } from '../../../shared/bodies/review';
import { reviewTarget } from '../../../shared/journal';
import type { WhyView } from '../../../shared/responses/insight';
import { invoke } from '../../bridge/bridge';
import { BridgeCallError } from '../../bridge/bridgeError';
import { errorText } from '../../ui/errorText';
import { PlainButton } from '../../ui/look/PlainButton';
import { SMALL_BUTTON } from '../../ui/look/plainLook';
import { formatRatio } from './reviewLogic';
import { WordWeights } from './WordWeights';

type Why =
  | { status: 'loading' }
  | { status: 'ok'; why: WhyView }
  /** 404: the server has no model for this service yet, and says what to do. */
  | { status: 'none'; message: string }
  | { status: 'failed'; message: string };

/**
 * Why? on a card (the model-runs extension, DESIGN.md, Extensions): the words of the item that
 * pushed the latest model toward kept and toward eliminated, strongest first, and the ratio that
 * model gives it.
 */
export function WhyModal({
  filterType,
  id,
  onClose,
}: {
  filterType: FilterType;
  id: number;
  onClose(): void;
}) {
  const [why, setWhy] = useState<Why>({ status: 'loading' });
  const load = useCallback(
    () =>
      invoke('insight.why', { filterType, id }).then(
        (answer) => setWhy({ status: 'ok', why: answer }),
        (error: unknown) =>
          setWhy(
            error instanceof BridgeCallError && error.status === 404
              ? { status: 'none', message: error.message }
              : { status: 'failed', message: errorText(error) },
          ),
      ),
    [filterType, id],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const name = `Why? ${reviewTarget(filterType, id)}`;
  return (
    <Modal open title={name} onCancel={onClose} footer={null} width={720}>
      {why.status === 'loading' ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : why.status === 'none' ? (
        <Typography.Paragraph role="status">{why.message}</Typography.Paragraph>
      ) : why.status === 'failed' ? (
        <Flex vertical gap={8} align="start" role="alert">
          <Typography.Text type="danger">{why.message}</Typography.Text>
          <Button
            onClick={() => {
              setWhy({ status: 'loading' });
              void load();
            }}
          >
            Try Again
          </Button>
        </Flex>
      ) : (
        <WhyContent why={why.why} />
      )}
    </Modal>
  );
}

function WhyContent({ why }: { why: WhyView }) {
  // One scale for both lists, so that a long bar means the same on either side.
  const strongest = Math.max(
    0,
    ...[...why.towardKept, ...why.towardEliminated].map((entry) => Math.abs(entry.weight)),
  );
  return (
    <Flex vertical gap={12}>
      <Typography.Text>
        The latest model (run #{why.runId}) gives this item a ratio of{' '}
        {/* Cut as the card shows it (SPEC.md 9), so both read the same. */}
        <Typography.Text strong>{formatRatio(why.ratio).text}</Typography.Text>. Each word&apos;s
        weight is how far it pushed the model, strongest first.
      </Typography.Text>
      <Flex gap={24} wrap>
        <WordWeights
          title="Toward kept"
          entries={why.towardKept}
          strongest={strongest}
          tone="kept"
          empty="No word of this item pushed toward kept."
        />
        <WordWeights
          title="Toward eliminated"
          entries={why.towardEliminated}
          strongest={strongest}
          tone="eliminated"
          empty="No word of this item pushed toward eliminated."
        />
      </Flex>
    </Flex>
  );
}

/**
 * A card's Why? button; the modal (and its call) exists only while open. A plain button in
 * Button's classes (plainLook.ts), as History's.
 */
export function WhyButton({ filterType, id }: { filterType: FilterType; id: number }) {
  // Open for the item it was opened for: the card may be given another item meanwhile.
  const [openFor, setOpenFor] = useState<number | null>(null);
  return (
    <>
      <PlainButton
        look={SMALL_BUTTON}
        aria-label={`Why? ${reviewTarget(filterType, id)}`}
        onClick={() => setOpenFor(id)}
      >
        Why?
      </PlainButton>
      {openFor === id && (
        <WhyModal filterType={filterType} id={id} onClose={() => setOpenFor(null)} />
      )}
    </>
  );
}
