/**
 * The one door to Ant Design's internals (DESIGN.md, Renderer: `ui/` holds "the one adapter to Ant
 * Design's internals"). What the public `antd` entry does not export, and the console still needs,
 * is imported here and nowhere else (eslint.config.mjs refuses `antd/es/*`, `antd/lib/*` and
 * `@ant-design/cssinjs*` in any other file), so that an upgrade which moves one of them breaks
 * this file and its pinned test (tests/unit/renderer/antdInternals.test.ts), not a screen:
 * - the style hooks of Button, Table and Tag, and Tag's preset-colour style component: the plain
 *   look draws a `<button>` or a `<span>` with Ant Design's own classes where a list row or a
 *   review card would cost a component each (look/, resource/rowButton.ts, resource/ListTable.tsx);
 * - the style hooks of Form and Select, and the CSS variable root class Ant Design gives a
 *   component: a review card's keyword form is drawn as a stand-in in their classes until the
 *   reviewer reaches the card (look/fieldClass.ts, review/KeywordFormIdle.tsx);
 * - the style hooks of Card and Checkbox: a review card is a plain `<div>` in Card's classes with a
 *   plain checkbox in Checkbox's (look/cardClass.ts, look/PlainCheckbox.tsx);
 * - Tooltip's panel drawn on its own (`Tooltip._InternalPanelDoNotUseOrYouWillBeFired`, its
 *   PurePanel): a card's decision buttons show it in a portal of their own (look/PlainTooltip.tsx);
 * - the module-wide list of the hook dialogs' close functions, which a closed dialog is taken off
 *   so that it is forgotten (hookDialogRelease.ts);
 * - the preset colour names' type, for a tag's colour.
 *
 * Tests load Ant Design's CommonJS build: vitest.config.mts maps `antd/es/*` to `antd/lib/*`.
 */
import useButtonStyle from 'antd/es/button/style';
import useCardStyle from 'antd/es/card/style';
import useCheckboxStyle from 'antd/es/checkbox/style';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import useFormStyle from 'antd/es/form/style';
import modalDestroyFns from 'antd/es/modal/destroyFns';
import useSelectStyle from 'antd/es/select/style';
import useTableStyle from 'antd/es/table/style';
import useTagStyle from 'antd/es/tag/style';
import TooltipPanel from 'antd/es/tooltip/PurePanel';
import PresetTagStyle from 'antd/es/tag/style/presetCmp';

export type { PresetColorKey } from 'antd/es/theme/interface';

/**
 * The Ant Design version these internals were read from (package.json's `antd`); the adapter's
 * test fails when the installed version differs, so an upgrade checks them again on purpose.
 */
export const ANTD_VERSION_READ = '6.6.8';

export {
  modalDestroyFns,
  PresetTagStyle,
  TooltipPanel,
  useButtonStyle,
  useCardStyle,
  useCheckboxStyle,
  useCSSVarCls,
  useFormStyle,
  useSelectStyle,
  useTableStyle,
  useTagStyle,
};
