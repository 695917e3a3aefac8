import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { modalDestroyFns as destroyFns } from '../../../src/renderer/ui/antdInternals';
import { useConfirm } from '../../../src/renderer/ui/confirmAction';
import { TestProviders } from './testProviders';

function Asker({ action }: { action: () => Promise<unknown> }) {
  const confirm = useConfirm();
  return (
    <button type="button" onClick={() => confirm({ content: 'Delete it?', action })}>
      Ask
    </button>
  );
}

async function askAndAnswer(answer: 'Yes!' | 'Close', action = vi.fn(() => Promise.resolve())) {
  const user = userEvent.setup();
  render(
    <TestProviders store={createStore()}>
      <Asker action={action} />
    </TestProviders>,
  );
  const before = destroyFns.length;
  await user.click(screen.getByRole('button', { name: 'Ask' }));
  await screen.findByText('Delete it?');
  // While it is open, Modal.destroyAll can still close it.
  expect(destroyFns).toHaveLength(before + 1);
  await user.click(screen.getByRole('button', { name: answer }));
  await waitFor(() => expect(screen.queryByText('Delete it?')).toBeNull());
  return { before, action };
}

describe('useConfirm', () => {
  // Ant Design's hook dialogs keep each one's close function in a module-wide list and never take
  // it off (hookDialogRelease.ts): every answered confirm stayed in memory with all it held.
  it('forgets a confirm answered Yes! once it has closed', async () => {
    const { before, action } = await askAndAnswer('Yes!');
    expect(action).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(destroyFns).toHaveLength(before));
  });

  it('forgets a confirm closed without an answer', async () => {
    const { before, action } = await askAndAnswer('Close');
    expect(action).not.toHaveBeenCalled();
    await waitFor(() => expect(destroyFns).toHaveLength(before));
  });
});
