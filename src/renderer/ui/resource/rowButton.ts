import { ConfigProvider } from 'antd';
import { useButtonStyle } from '../antdInternals';
import { useContext, useMemo } from 'react';
import { joinClasses } from '../look/joinClasses';

/** How a row's action button looks, as Ant Design's Button props say it: `type` and `danger`. */
export interface RowButtonLook {
  primary: boolean;
  danger: boolean;
  /** Button's `size="small"`. */
  small?: boolean;
}

/**
 * The classes Ant Design's Button gives a button of each look, for the plain `<button>` of a list
 * row's actions: a page has one or two per row, and the Button component (its wave, its loading
 * state, its style and context hooks) cost more than the rest of the row (docs/performance.md,
 * Review and the lists). The look is Ant Design's own stylesheet; rowButton.test.tsx checks the
 * classes against Button's. Call once per list, not per row.
 */
export function useRowButtonClass(): (look: RowButtonLook) => string {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefix = getPrefixCls('btn');
  // Button's own style hook: the theme's button tokens are registered as Button registers them.
  const [hashId, cssVarClass] = useButtonStyle(prefix);
  return useMemo(() => {
    const base = joinClasses(prefix, hashId, cssVarClass);
    return ({ primary, danger, small }) => {
      // Button: the type's class, then its colour (danger wins) and its variant (the type's).
      const type = primary ? 'primary' : 'default';
      const color = danger ? 'dangerous' : type;
      const variant = primary ? 'solid' : 'outlined';
      const dangerous = danger ? ` ${prefix}-dangerous` : '';
      const size = small ? ` ${prefix}-sm` : '';
      return `${base} ${prefix}-${type}${size}${dangerous} ${prefix}-color-${color} ${prefix}-variant-${variant}`;
    };
  }, [prefix, hashId, cssVarClass]);
}
