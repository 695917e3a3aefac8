import { render, renderHook } from '@testing-library/react';
import { Modal } from 'antd';
import antdManifest from 'antd/package.json';
import { describe, expect, it, vi } from 'vitest';
import {
  ANTD_VERSION_READ,
  modalDestroyFns,
  PresetTagStyle,
  useButtonStyle,
  useCardStyle,
  useCheckboxStyle,
  useCSSVarCls,
  useFormStyle,
  useSelectStyle,
  useTableStyle,
  useTagStyle,
} from '../../../src/renderer/ui/antdInternals';

/**
 * The adapter to Ant Design's internals (src/renderer/ui/antdInternals.ts, DESIGN.md, Renderer)
 * is pinned to the version it was read from: an upgrade fails here, loudly and first, instead of
 * somewhere in a screen (a plain row button without its classes, a closed confirm kept in memory
 * for the whole shift). Each internal is checked for the shape the console relies on.
 */
const UPGRADE =
  'Ant Design internals: check each export of src/renderer/ui/antdInternals.ts against the new ' +
  'version, then set ANTD_VERSION_READ there.';

/** The installed Ant Design's own word for its version (node_modules/antd/package.json). */
const installedVersion = (): string => antdManifest.version;

describe('the Ant Design internals adapter', () => {
  it('was read from the installed Ant Design version', () => {
    const installed = installedVersion();
    expect(
      installed,
      `Ant Design is ${installed} but the adapter was read from ${ANTD_VERSION_READ}. ${UPGRADE}`,
    ).toBe(ANTD_VERSION_READ);
  });

  it("hands over Modal's own list of open hook dialogs, which destroyAll empties", () => {
    expect(Array.isArray(modalDestroyFns), `modal/destroyFns is not an array. ${UPGRADE}`).toBe(
      true,
    );
    const close = vi.fn();
    modalDestroyFns.push(close);
    Modal.destroyAll();
    expect(
      close,
      `Modal.destroyAll no longer reads modal/destroyFns. ${UPGRADE}`,
    ).toHaveBeenCalled();
    expect(modalDestroyFns).not.toContain(close);
  });

  it.each([
    ['button/style', useButtonStyle, 'ant-btn'],
    ['card/style', useCardStyle, 'ant-card'],
    ['checkbox/style', useCheckboxStyle, 'ant-checkbox'],
    ['form/style', useFormStyle, 'ant-form'],
    ['select/style', useSelectStyle, 'ant-select'],
    ['table/style', useTableStyle, 'ant-table'],
    ['tag/style', useTagStyle, 'ant-tag'],
  ] as const)(
    'hands over %s, a style hook giving the hash and CSS variable classes',
    (name, hook, prefix) => {
      expect(typeof hook, `${name} is not a function. ${UPGRADE}`).toBe('function');
      const { result } = renderHook(() => hook(prefix));
      const classes: unknown = result.current;
      expect(
        Array.isArray(classes) &&
          classes.length === 2 &&
          classes.every((entry) => typeof entry === 'string'),
        `${name} no longer answers [hashId, cssVarClass]: ${JSON.stringify(classes)}. ${UPGRADE}`,
      ).toBe(true);
    },
  );

  it('hands over the CSS variable root class a component is given', () => {
    expect(
      typeof useCSSVarCls,
      `config-provider/hooks/useCSSVarCls is not a function. ${UPGRADE}`,
    ).toBe('function');
    expect(useCSSVarCls('ant-select'), UPGRADE).toBe('ant-select-css-var');
  });

  it("hands over Tag's preset colour style component, which draws without error", () => {
    expect(typeof PresetTagStyle, `tag/style/presetCmp is not a component. ${UPGRADE}`).toBe(
      'function',
    );
    expect(() => render(<PresetTagStyle prefixCls="ant-tag" />)).not.toThrow();
  });
});
