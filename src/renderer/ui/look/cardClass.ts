import { ConfigProvider } from 'antd';
import { useContext, useMemo } from 'react';
import { joinClasses } from './joinClasses';
import { useCardStyle, useCheckboxStyle, useCSSVarCls } from '../antdInternals';

/**
 * The classes Ant Design gives a small bordered Card and its parts, and a Checkbox and its box,
 * for the plain elements of a review card (features/review/ItemCard.tsx): twenty cards take new
 * items on every page switch, and the Card and Checkbox components (their theme, semantic-style
 * and wave hooks) were a large part of drawing them (docs/performance.md, The paint floor). The
 * look is Ant Design's own stylesheet, registered here as Card and Checkbox register it;
 * plainLook.test.tsx checks the classes against theirs.
 */
export interface CardLook {
  /** The card's root: `${prefix}-head`, `-head-wrapper`, `-head-title`, `-extra`, `-body` inside. */
  card: string;
  cardPrefix: string;
  /** A checkbox's label, checked or not. */
  checkboxWrapper(checked: boolean): string;
  /** The box around the input, checked or not. */
  checkbox(checked: boolean): string;
  checkboxPrefix: string;
}

export function useCardClass(): CardLook {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const cardPrefix = getPrefixCls('card');
  const checkboxPrefix = getPrefixCls('checkbox');
  const checkboxRoot = useCSSVarCls(checkboxPrefix);
  const [cardHash, cardVar] = useCardStyle(cardPrefix);
  const [boxHash, boxVar] = useCheckboxStyle(checkboxPrefix, checkboxRoot);
  return useMemo(() => {
    const wrapper = joinClasses(`${checkboxPrefix}-wrapper`, boxVar, checkboxRoot, boxHash);
    // Wave's target class (Ant Design's click ripple): the box's styles are written for it.
    const box = joinClasses(checkboxPrefix, 'ant-wave-target', boxHash);
    return {
      card: joinClasses(
        cardPrefix,
        `${cardPrefix}-bordered`,
        `${cardPrefix}-small`,
        cardHash,
        cardVar,
      ),
      cardPrefix,
      checkboxWrapper: (checked) =>
        checked ? `${wrapper} ${checkboxPrefix}-wrapper-checked` : wrapper,
      checkbox: (checked) => (checked ? `${box} ${checkboxPrefix}-checked` : box),
      checkboxPrefix,
    };
  }, [cardPrefix, checkboxPrefix, checkboxRoot, cardHash, cardVar, boxHash, boxVar]);
}
