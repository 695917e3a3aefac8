import type { ThemeConfig } from 'antd';
import { BACKDROP_TRANSITION_MS, MODAL_TRANSITION_MS } from '../../shared/constants';

const seconds = (ms: number) => `${ms / 1000}s`;

/**
 * Calm colours and a readable base size for eight-hour shifts. Every text colour meets WCAG AA
 * (4.5:1) on white and on the grey page background: Ant Design's defaults for placeholders
 * (1.8:1), secondary text (3.3:1), links, errors, warnings and tag text do not, and changing the
 * tokens fixes each of them everywhere at once (tests/unit/renderer/theme.test.ts measures them).
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1d5fd1',
    // Links follow the primary colour (Ant Design derives them from the info colour, #1677ff).
    colorLink: '#1d5fd1',
    colorError: '#cf1322',
    colorWarningText: '#874d00',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    // Descriptions, secondary Typography and empty-state text derive from this one.
    colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
    // Tag text of the preset colours in use (the demo tag is gold; review states are green).
    // Both spellings: the CSS variable --ant-gold-7 is written from the dashed one.
    gold7: '#874d00',
    'gold-7': '#874d00',
    green7: '#237804',
    'green-7': '#237804',
    borderRadius: 6,
    fontSize: 14,
  },
  components: {
    Layout: { headerBg: '#14213d', headerPadding: '0 20px', siderBg: '#14213d' },
    Menu: { darkItemBg: '#14213d', darkItemSelectedBg: '#1d5fd1' },
    // Each screen's title is its one level-one heading, at the size screens had as level two.
    Typography: { fontSizeHeading1: 30, lineHeightHeading1: 1.27 },
    // SPEC.md 9: a modal opens in 300 ms (Ant Design animates it with motionDurationSlow); its
    // backdrop fades, and the modal leaves, in 150 ms (motionDurationMid).
    Modal: {
      motionDurationSlow: seconds(MODAL_TRANSITION_MS),
      motionDurationMid: seconds(BACKDROP_TRANSITION_MS),
    },
  },
};
