import { Card, Typography } from 'antd';
import { useId, type ReactNode } from 'react';

/** One part of the About & Settings screen: a card under a level-two heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card
      title={
        <Typography.Title level={2} id={id} className="dqc-about-heading">
          {title}
        </Typography.Title>
      }
      role="region"
      aria-labelledby={id}
    >
      {children}
    </Card>
  );
}
