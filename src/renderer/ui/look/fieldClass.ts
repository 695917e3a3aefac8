import { ConfigProvider } from 'antd';
import { useContext, useMemo } from 'react';
import { joinClasses } from './joinClasses';
import { useCSSVarCls, useFormStyle, useSelectStyle } from '../antdInternals';

/** Which of Ant Design's single selects a stand-in looks like. */
export type SelectKind = 'autoComplete' | 'select' | 'clearableSelect';

/**
 * The classes Ant Design gives an inline Form, its Form.Item and a Select in it (an AutoComplete,
 * a Select, one with allowClear), for the plain stand-in a review card shows until the reviewer
 * reaches it (review/KeywordFormIdle.tsx). The look is Ant Design's own stylesheet, registered here
 * as Form and Select register it; plainLook.test.tsx checks the classes against theirs.
 */
export interface FieldLook {
  form: string;
  formItem: string;
  select(kind: SelectKind): string;
  /** Select's class prefix ('ant-select'), for a select's parts: its content, input, arrow. */
  selectPrefix: string;
}

export function useFieldClass(): FieldLook {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const formPrefix = getPrefixCls('form');
  const selectPrefix = getPrefixCls('select');
  const formRoot = useCSSVarCls(formPrefix);
  const selectRoot = useCSSVarCls(selectPrefix);
  const [formHash, formVar] = useFormStyle(formPrefix, formRoot);
  const [selectHash, selectVar] = useSelectStyle(selectPrefix, selectRoot);
  return useMemo(() => {
    const formTheme = joinClasses(formHash, formVar, formRoot);
    const selectBase = joinClasses(
      selectPrefix,
      `${selectPrefix}-outlined`,
      `${selectPrefix}-in-form-item`,
      `${selectPrefix}-single`,
      selectHash,
      selectVar,
      selectRoot,
    );
    const kinds: Record<SelectKind, string> = {
      autoComplete: `${selectPrefix}-auto-complete ${selectPrefix}-show-search`,
      select: `${selectPrefix}-show-arrow`,
      clearableSelect: `${selectPrefix}-allow-clear ${selectPrefix}-show-arrow`,
    };
    return {
      form: joinClasses(formPrefix, `${formPrefix}-inline`, formTheme),
      formItem: joinClasses(`${formPrefix}-item`, `${formPrefix}-item-inline`, formTheme),
      select: (kind) => `${selectBase} ${kinds[kind]}`,
      selectPrefix,
    };
  }, [formPrefix, selectPrefix, formRoot, selectRoot, formHash, formVar, selectHash, selectVar]);
}
