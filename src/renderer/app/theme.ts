import { theme as antTheme, type ThemeConfig } from 'antd';
import { BACKDROP_TRANSITION_MS, MODAL_TRANSITION_MS } from '../../shared/constants';

const seconds = (ms: number) => `${ms / 1000}s`;

/** The navigation bar and side menu: the same dark navy in both themes. */
const NAVY = '#14213d';

const sharedComponents: ThemeConfig['components'] = {
  Layout: { headerBg: NAVY, headerPadding: '0 20px', siderBg: NAVY },
  Menu: { darkItemBg: NAVY, darkItemSelectedBg: '#1d5fd1' },
  // Each screen's title is its one level-one heading, at the size screens had as level two.
  Typography: { fontSizeHeading1: 30, lineHeightHeading1: 1.27 },
  // SPEC.md 9: a modal opens in 300 ms (Ant Design animates it with motionDurationSlow); its
  // backdrop fades, and the modal leaves, in 150 ms (motionDurationMid).
  Modal: {
    motionDurationSlow: seconds(MODAL_TRANSITION_MS),
    motionDurationMid: seconds(BACKDROP_TRANSITION_MS),
  },
};

/**
 * Calm colours and a readable base size for eight-hour shifts. Every text colour meets WCAG AA
 * (4.5:1) on white and on the grey page background: Ant Design's defaults for placeholders
 * (1.8:1), secondary text (3.3:1), links, errors, warnings and tag text do not, and changing the
 * tokens fixes each of them everywhere at once (tests/unit/renderer/theme.test.ts measures them).
 */
export const theme: ThemeConfig = {
  zeroRuntime: true,
  hashed: false,
  token: {
    colorPrimary: '#1d5fd1',
    // Links follow the primary colour (Ant Design derives them from the info colour, #1677ff).
    colorLink: '#1d5fd1',
    // Hovered: a default button's text and a primary button's fill, and a hovered link. Ant Design
    // derives a lighter blue (3.8:1 on white, and white on it); a darker one reads both ways.
    colorPrimaryHover: '#1a52b4',
    colorLinkHover: '#1a52b4',
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
  components: sharedComponents,
};

/** The light theme by name, beside the dark one. */
export const lightTheme = theme;

/**
 * The dark theme: Ant Design's dark algorithm with the same WCAG AA promise. On a near-black
 * background no blue or red can carry both readable text and white text on top of it, so the
 * primary and error colours are light, and the few controls filled with them (primary and danger
 * buttons) write dark text instead of white. Tag text of the palettes the algorithm leaves too dark
 * is lifted to the palette's lighter shade.
 */
export const darkTheme: ThemeConfig = {
  zeroRuntime: true,
  hashed: false,
  algorithm: antTheme.darkAlgorithm,
  token: {
    colorPrimary: '#6ea6f7',
    colorInfo: '#6ea6f7',
    colorLink: '#7cb0fa',
    // Ant Design derives a darker hovered link (2.9:1 on the dark background): lighter instead.
    colorLinkHover: '#a3c8fb',
    colorError: '#ff8a85',
    colorWarningText: '#e8b339',
    colorSuccess: '#73d13d',
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
    colorTextTertiary: 'rgba(255, 255, 255, 0.58)',
    // The dark purple palette's shade 7 reads at 3.4:1 on its shade 1; shade 8 at AA.
    purple7: '#ab7ae0',
    'purple-7': '#ab7ae0',
    borderRadius: 6,
    fontSize: 14,
  },
  components: {
    ...sharedComponents,
    Button: { primaryColor: '#141414', dangerColor: '#141414' },
  },
};

const stillThemes = new WeakMap<ThemeConfig, ThemeConfig>();

/**
 * The theme for a resolved light or dark choice. With the system's "reduce motion" set, nothing
 * slides or fades: modals, menus and notices appear and leave at once (SPEC.md 9's 300 ms modal
 * transition is the default for everyone else). The same object is returned for the same inputs,
 * so Ant Design does not rebuild its styles on each render.
 */
export function themeFor(dark: boolean, reducedMotion = false): ThemeConfig {
  const base = dark ? darkTheme : lightTheme;
  if (!reducedMotion) return base;
  let still = stillThemes.get(base);
  if (!still) {
    still = { ...base, token: { ...base.token, motion: false } };
    stillThemes.set(base, still);
  }
  return still;
}
