import type { GlobalToken } from 'antd';

/**
 * The look every chart of the console shares (@ant-design/plots, drawn in a chunk of its own):
 * axes readable on either theme, and G2's theme matched to ours with a transparent view, so that
 * the card's background shows through. Plain objects: importing this loads no chart library.
 */
export function readableAxis(token: GlobalToken) {
  return {
    // G2's themes fade axis text to 45 % (too faint to read): full strength, in the text colour.
    labelFill: token.colorText,
    labelOpacity: 1,
    labelFillOpacity: 1,
    lineStroke: token.colorTextSecondary,
    lineStrokeOpacity: 1,
    tickStroke: token.colorTextSecondary,
    tickOpacity: 1,
    gridStroke: token.colorBorder,
    gridStrokeOpacity: 1,
    titleFill: token.colorText,
    titleOpacity: 1,
    titleFillOpacity: 1,
  };
}

export const chartTheme = (dark: boolean) =>
  ({ type: dark ? 'classicDark' : 'classic', view: { viewFill: 'transparent' } }) as const;
