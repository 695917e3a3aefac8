import { Flex, Form, InputNumber, Typography } from 'antd';

/** Said under Ratio between when its bounds are upside down. */
export const RATIO_ORDER_MESSAGE = 'Ratio between: the first value must not be above the second.';

const bound = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/**
 * Ratio between (the borderline extension, DESIGN.md, Extensions): items whose NLP ratio lies in a
 * range, both ends included. Either end may be left empty; 0 to 1 in steps of 0.05, as the ratio is
 * shown. Its words sit on the line of its boxes, not above them: it shares the form's last line
 * with the buttons, and a label line there would cost Compact density a row of items at 1280 x 800.
 */
export function RatioBetween({ disabled }: { disabled: boolean }) {
  return (
    <Form.Item>
      <Flex align="center" gap={6} role="group" aria-label="Ratio between">
        <Typography.Text aria-hidden>Ratio between</Typography.Text>
        <Form.Item name="ratioFrom" noStyle>
          <InputNumber
            aria-label="Ratio from"
            min={0}
            max={1}
            step={0.05}
            placeholder="from"
            style={{ width: 76 }}
            disabled={disabled}
          />
        </Form.Item>
        <Typography.Text type="secondary" aria-hidden>
          and
        </Typography.Text>
        <Form.Item
          name="ratioTo"
          noStyle
          dependencies={['ratioFrom']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, to: unknown) => {
                const from = bound(getFieldValue('ratioFrom'));
                const upper = bound(to);
                if (from !== null && upper !== null && from > upper)
                  throw new Error(RATIO_ORDER_MESSAGE);
              },
            }),
          ]}
        >
          <InputNumber
            aria-label="Ratio to"
            min={0}
            max={1}
            step={0.05}
            placeholder="to"
            style={{ width: 76 }}
            disabled={disabled}
          />
        </Form.Item>
      </Flex>
    </Form.Item>
  );
}
