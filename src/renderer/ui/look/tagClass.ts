import { ConfigProvider } from 'antd';
import { useTagStyle, type PresetColorKey } from '../antdInternals';
import { useContext, useMemo } from 'react';
import { joinClasses } from './joinClasses';

/** A tag's colour: one of Ant Design's preset colours, or none (the default grey). */
export type TagColor = PresetColorKey | undefined;

/**
 * The classes Ant Design's Tag gives a tag of each colour (filled, its default variant), for a
 * plain `<span>`: a review card shows four or five tags, and Tag (its colour, semantic-style,
 * closable and context hooks, and a style component per preset colour) cost more than the rest of
 * the card's header on every new page of cards (docs/performance.md, Review and the lists). The
 * look is Ant Design's own stylesheet; tagClass.test.tsx checks the classes against Tag's. Called
 * once for the app (PlainLookProvider.tsx), which also registers the preset colours' rules as a Tag
 * would.
 */
export function useTagClass(): (color?: TagColor) => string {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefix = getPrefixCls('tag');
  // Tag's own style hook: the theme's tag tokens are registered as Tag registers them.
  const [hashId, cssVarClass] = useTagStyle(prefix);
  return useMemo(() => {
    // Tag: its prefix, its variant, its colour when preset, then the theme's classes.
    const base = `${prefix} ${prefix}-filled`;
    const theme = joinClasses(hashId, cssVarClass);
    return (color) => (color ? `${base} ${prefix}-${color} ${theme}` : `${base} ${theme}`);
  }, [prefix, hashId, cssVarClass]);
}
