import { renderHook, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { useCheckImgAction } from '../../../src/renderer/domain/imageCheck/checkImgAction';
import type { ActionContext } from '../../../src/renderer/ui/resource/types';
import { fakeBridge, ok } from './fakeBridge';

afterEach(() => setBridge(null));

const wrapper = ({ children }: { children: ReactNode }) => <App>{children}</App>;
const context: ActionContext = {
  close: () => undefined,
  reload: async () => undefined,
  formDraftKey: 'k',
};

describe("the queues' Check Img row action (SPEC.md 3: new currencies and new markets)", () => {
  it('is disabled, saying why, for a row without a unique name, and checks the one it has', async () => {
    const bridge = fakeBridge({ 'markets.checkMarketImage': () => ok(true) });
    setBridge(bridge);
    const { result } = renderHook(
      () => useCheckImgAction<{ uniqueName?: string }>('markets.checkMarketImage', 'market'),
      { wrapper },
    );
    const [action] = result.current;
    expect(action!.label).toBe('Check Img');
    expect(action!.disabled?.({})).toBe('This market has no unique name');
    expect(action!.disabled?.({ uniqueName: 'kraken' })).toBeNull();
    action!.run?.({ uniqueName: 'kraken' }, context);
    await waitFor(() =>
      expect(bridge.invoke).toHaveBeenCalledWith('markets.checkMarketImage', {
        uniqueName: 'kraken',
      }),
    );
  });

  it('names the row by its noun, and keeps one array across renders', () => {
    setBridge(fakeBridge({}));
    const { result, rerender } = renderHook(
      () => useCheckImgAction<{ uniqueName?: string }>('currencies.checkCurrencyImage', 'currency'),
      { wrapper },
    );
    expect(result.current[0]!.disabled?.({})).toBe('This currency has no unique name');
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });
});
