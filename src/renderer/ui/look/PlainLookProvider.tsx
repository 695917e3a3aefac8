import { ConfigProvider } from 'antd';
import { useContext, useMemo, type ReactNode } from 'react';
import { PresetTagStyle } from '../antdInternals';
import { useRowButtonClass } from '../resource/rowButton';
import { PlainLookContext, type PlainLook } from './plainLook';
import { useCardClass } from './cardClass';
import { useFieldClass } from './fieldClass';
import { useTagClass } from './tagClass';

/**
 * Works out the plain look's classes once, inside the theme's ConfigProvider, and registers the
 * styles they need as Button, Tag, Form, Select, Card and Checkbox would (a preset-coloured Tag registers its colours' rules
 * with a style component of its own, drawn here once).
 */
export function PlainLookProvider({ children }: { children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const button = useRowButtonClass();
  const tag = useTagClass();
  const field = useFieldClass();
  const card = useCardClass();
  const buttonPrefix = getPrefixCls('btn');
  const look = useMemo<PlainLook>(
    () => ({ button, buttonPrefix, tag, field, card }),
    [button, buttonPrefix, tag, field, card],
  );
  return (
    <PlainLookContext.Provider value={look}>
      <PresetTagStyle prefixCls={getPrefixCls('tag')} />
      {children}
    </PlainLookContext.Provider>
  );
}
