import { ConfigProvider } from 'antd';
import useButtonStyle from 'antd/es/button/style';
import { useContext, useMemo } from 'react';

/** How a row's action button looks: Ant Design's default, primary and danger buttons. */
export type RowButtonLook = 'default' | 'primary' | 'danger' | 'primaryDanger';

/**
 * The classes Ant Design's Button gives a button of each look, for the plain `<button>` of a
 * list row's actions: a page has one or two per row, and the Button component (its wave, its
 * loading state, its style and context hooks) cost more than the rest of the row (issue 25).
 * The look is Ant Design's own stylesheet; rowButton.test.tsx checks the classes against Button's.
 * Call once per list, not per row.
 */
export function useRowButtonClass(): (look: RowButtonLook) => string {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefix = getPrefixCls('btn');
  // Button's own style hook: the theme's button tokens are registered as Button registers them.
  const [hashId, cssVarClass] = useButtonStyle(prefix);
  return useMemo(() => {
    const base = [prefix, hashId, cssVarClass].filter(Boolean).join(' ');
    const byLook: Record<RowButtonLook, string> = {
      default: `${base} ${prefix}-default ${prefix}-color-default ${prefix}-variant-outlined`,
      primary: `${base} ${prefix}-primary ${prefix}-color-primary ${prefix}-variant-solid`,
      danger: `${base} ${prefix}-default ${prefix}-dangerous ${prefix}-color-dangerous ${prefix}-variant-outlined`,
      primaryDanger: `${base} ${prefix}-primary ${prefix}-dangerous ${prefix}-color-dangerous ${prefix}-variant-solid`,
    };
    return (look) => byLook[look];
  }, [prefix, hashId, cssVarClass]);
}
