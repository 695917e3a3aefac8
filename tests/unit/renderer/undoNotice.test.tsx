import { act, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { describe, expect, it } from 'vitest';
import {
  MAX_UNDO_NOTICES,
  useUndoNotice,
} from '../../../src/renderer/features/review/useUndoNotice';
import { CANNOT_UNDO } from '../../../src/shared/runs';

type Offer = ReturnType<typeof useUndoNotice>;

function Offerer({ take }: { take(offer: Offer): void }) {
  take(useUndoNotice());
  return null;
}

function renderOfferer(): { offer(): Offer } {
  let offer: Offer | null = null;
  render(
    // No motion: a closed notice leaves the page at once.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <AntApp>
        <Offerer take={(taken) => (offer = taken)} />
      </AntApp>
    </ConfigProvider>,
  );
  return {
    offer: () => {
      if (!offer) throw new Error('not rendered');
      return offer;
    },
  };
}

const decided = (n: number) => ({ undoId: `u-${n}`, cannotUndo: CANNOT_UNDO.manuallyChanged });

describe('Undo notices', () => {
  it(`keeps the newest ${MAX_UNDO_NOTICES} open: a newer decision's notice closes the oldest`, async () => {
    const { offer } = renderOfferer();
    for (let n = 1; n <= 5; n += 1)
      act(() => offer()(`Eliminated tweet ${n}`, decided(n), () => undefined));

    for (const n of [3, 4, 5])
      expect(await screen.findByText(`Eliminated tweet ${n}`)).toBeTruthy();
    await waitFor(() => {
      expect(screen.queryByText('Eliminated tweet 1')).toBeNull();
      expect(screen.queryByText('Eliminated tweet 2')).toBeNull();
    });
    expect(document.querySelectorAll('.ant-notification-notice')).toHaveLength(MAX_UNDO_NOTICES);
  });

  it('offers nothing for a decision core cannot undo', async () => {
    const { offer } = renderOfferer();
    act(() => offer()('Eliminated tweet 1', decided(1), () => undefined));
    act(() => offer()('Reviewed tweet 2', { undoId: null, cannotUndo: null }, () => undefined));
    expect(await screen.findByText('Eliminated tweet 1')).toBeTruthy();
    expect(screen.queryByText('Reviewed tweet 2')).toBeNull();
  });
});
