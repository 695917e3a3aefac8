import { Flex, Typography, theme } from 'antd';
import { useId } from 'react';

export interface WordWeight {
  word: string;
  weight: number;
}

/** "+1.24" or "−0.87": the weight as the model has it, toward kept when positive. */
export const weightText = (weight: number) =>
  `${weight >= 0 ? '+' : '−'}${Math.abs(weight).toFixed(2)}`;

/**
 * One side of Why?: words and how far each pushed the model, strongest first, as a list a screen
 * reader reads ("bitcoin +1.24") with a bar beside each value for the eye. Bars share `strongest`
 * as their full length, so both sides are drawn to one scale.
 */
export function WordWeights({
  title,
  entries,
  strongest,
  tone,
  empty,
}: {
  title: string;
  entries: readonly WordWeight[];
  strongest: number;
  tone: 'kept' | 'eliminated';
  empty: string;
}) {
  const { token } = theme.useToken();
  const titleId = useId();
  const sorted = [...entries].sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight));
  const colour = tone === 'kept' ? token.colorSuccess : token.colorError;
  return (
    <Flex vertical gap={4} style={{ flex: '1 1 280px', minWidth: 0 }}>
      <Typography.Title level={5} id={titleId} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {sorted.length === 0 ? (
        <Typography.Text type="secondary">{empty}</Typography.Text>
      ) : (
        <ol aria-labelledby={titleId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {sorted.map((entry) => (
            <li
              key={entry.word}
              style={{
                display: 'grid',
                gridTemplateColumns: 'minmax(60px, 140px) 1fr 52px',
                alignItems: 'center',
                gap: 8,
                lineHeight: '24px',
              }}
            >
              <Typography.Text ellipsis={{ tooltip: entry.word }}>{entry.word}</Typography.Text>
              <span
                aria-hidden
                style={{
                  display: 'block',
                  height: 10,
                  borderRadius: 2,
                  background: colour,
                  width: `${strongest > 0 ? Math.max(2, (Math.abs(entry.weight) / strongest) * 100) : 0}%`,
                }}
              />
              <Typography.Text style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                {weightText(entry.weight)}
              </Typography.Text>
            </li>
          ))}
        </ol>
      )}
    </Flex>
  );
}
