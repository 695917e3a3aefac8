import { theme as antTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { darkTheme, theme, themeFor } from '../../../src/renderer/app/theme';

type Rgba = [number, number, number, number];

/** '#rrggbb' or 'rgba(r, g, b, a)', the two forms Ant Design's colour tokens take. */
function parse(color: string): Rgba {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (hex) return [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16), parseInt(hex[3]!, 16), 1];
  const rgba = /^rgba?\(([^)]+)\)$/.exec(color);
  if (!rgba) throw new Error(`unparsed colour ${color}`);
  const [r, g, b, a = 1] = rgba[1]!.split(',').map(Number);
  return [r!, g!, b!, a];
}

/** The colour seen when a translucent text colour is drawn on an opaque background. */
function over(fg: Rgba, bg: Rgba): Rgba {
  const a = fg[3];
  return [0, 1, 2].map((i) => fg[i]! * a + bg[i]! * (1 - a)).concat(1) as Rgba;
}

/** WCAG 2 relative luminance and contrast ratio. */
function luminance([r, g, b]: Rgba): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}
function contrast(text: string, background: string): number {
  const bg = parse(background);
  const [hi, lo] = [luminance(over(parse(text), bg)), luminance(bg)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const token = antTheme.getDesignToken(theme) as unknown as Record<string, string>;
const dark = antTheme.getDesignToken(darkTheme) as unknown as Record<string, string>;
const AA = 4.5;

/** Text colours that must read on every background they are drawn on. */
const TEXT_TOKENS = [
  'colorText',
  'colorTextSecondary',
  'colorTextTertiary',
  'colorTextDescription',
  'colorTextPlaceholder',
  'colorLink',
  'colorErrorText',
  'colorError',
  'colorWarningText',
  'colorPrimary',
  'colorPrimaryText',
  // Hovered: a default button's text, a link.
  'colorPrimaryHover',
  'colorLinkHover',
  'colorSuccessText',
  'colorInfoText',
];
const TAG_COLORS = ['gold', 'green', 'red', 'blue', 'purple'];

describe('theme', () => {
  it('animates modals in 300 ms and their backdrop in 150 ms (SPEC.md 9)', () => {
    expect(theme.components?.Modal).toMatchObject({
      motionDurationSlow: '0.3s',
      motionDurationMid: '0.15s',
    });
  });

  it("keeps still with the system's reduced motion, and keeps SPEC.md 9's timing otherwise", () => {
    expect(themeFor(false).token?.motion).toBeUndefined();
    expect(themeFor(false, true).token?.motion).toBe(false);
    expect(themeFor(true, true).token?.motion).toBe(false);
    // The colours are the theme's own; the same object comes back, so styles are not rebuilt.
    expect(themeFor(true, true).token?.colorPrimary).toBe(darkTheme.token?.colorPrimary);
    expect(themeFor(false, true)).toBe(themeFor(false, true));
  });

  it.each([
    'colorText',
    'colorTextSecondary',
    'colorTextTertiary',
    'colorTextDescription',
    'colorTextPlaceholder',
    'colorLink',
    'colorErrorText',
    'colorError',
    'colorWarningText',
  ])('%s reads at WCAG AA on white and on the grey page background', (name) => {
    expect(contrast(token[name]!, token.colorBgContainer!)).toBeGreaterThanOrEqual(AA);
    expect(contrast(token[name]!, token.colorBgLayout!)).toBeGreaterThanOrEqual(AA);
  });

  it.each(['gold', 'green', 'red', 'blue', 'purple'])(
    'a %s tag (text colour 7 on background 1) reads at WCAG AA',
    (color) => {
      // Ant Design keeps each palette under two names; the styles read the dashed one.
      expect(contrast(token[`${color}7`]!, token[`${color}1`]!)).toBeGreaterThanOrEqual(AA);
      expect(contrast(token[`${color}-7`]!, token[`${color}-1`]!)).toBeGreaterThanOrEqual(AA);
    },
  );

  it('keeps white button text on the primary and error colours readable', () => {
    expect(contrast('#ffffff', token.colorPrimary!)).toBeGreaterThanOrEqual(AA);
    expect(contrast('#ffffff', token.colorPrimaryHover!)).toBeGreaterThanOrEqual(AA);
    expect(contrast('#ffffff', token.colorError!)).toBeGreaterThanOrEqual(AA);
  });

  it('has the dark algorithm only in the dark theme', () => {
    expect(theme.algorithm).toBeUndefined();
    expect(darkTheme.algorithm).toBe(antTheme.darkAlgorithm);
    expect(dark.colorBgContainer).toBe('#141414');
  });

  describe('dark', () => {
    it.each(TEXT_TOKENS)(
      '%s reads at WCAG AA on the dark container, page and popup backgrounds',
      (name) => {
        for (const background of ['colorBgContainer', 'colorBgLayout', 'colorBgElevated'])
          expect(contrast(dark[name]!, dark[background]!), background).toBeGreaterThanOrEqual(AA);
      },
    );

    it.each(TAG_COLORS)('a %s tag (text colour 7 on background 1) reads at WCAG AA', (color) => {
      expect(contrast(dark[`${color}7`]!, dark[`${color}1`]!)).toBeGreaterThanOrEqual(AA);
      expect(contrast(dark[`${color}-7`]!, dark[`${color}-1`]!)).toBeGreaterThanOrEqual(AA);
    });

    it('writes readable text on primary and danger buttons', () => {
      const button = darkTheme.components!.Button as Record<string, string>;
      expect(contrast(button.primaryColor!, dark.colorPrimary!)).toBeGreaterThanOrEqual(AA);
      expect(contrast(button.dangerColor!, dark.colorError!)).toBeGreaterThanOrEqual(AA);
    });

    it('keeps the white text of the navigation bar and selected menu entry readable', () => {
      const layout = darkTheme.components!.Layout as Record<string, string>;
      const menu = darkTheme.components!.Menu as Record<string, string>;
      expect(contrast('#ffffff', layout.headerBg!)).toBeGreaterThanOrEqual(AA);
      expect(contrast('#ffffff', menu.darkItemSelectedBg!)).toBeGreaterThanOrEqual(AA);
    });
  });
});
