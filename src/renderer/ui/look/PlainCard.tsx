import type { ReactNode } from 'react';
import { usePlainLook } from './plainLook';

interface Props {
  title: ReactNode;
  extra: ReactNode;
  children: ReactNode;
}

/**
 * A small bordered card as Ant Design's Card draws one with a title and an extra (cardClass.ts):
 * the same elements and classes, none of the component's hooks.
 */
export function PlainCard({ title, extra, children }: Props) {
  const { card } = usePlainLook();
  const prefix = card.cardPrefix;
  return (
    <div className={card.card}>
      <div className={`${prefix}-head`}>
        <div className={`${prefix}-head-wrapper`}>
          <div className={`${prefix}-head-title`}>{title}</div>
          <div className={`${prefix}-extra`}>{extra}</div>
        </div>
      </div>
      <div className={`${prefix}-body`}>{children}</div>
    </div>
  );
}
