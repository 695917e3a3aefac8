import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { UpdateModal } from '../../../src/renderer/ui/resource/UpdateModal';
import type { UpdateField } from '../../../src/renderer/ui/updateFields';

const FIELDS: UpdateField[] = [
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'rank', label: 'Rank', kind: 'number' },
  { name: 'listed', label: 'Listed', kind: 'boolSelect' },
  { name: 'uniqueName', label: 'Unique Name', kind: 'text', readOnly: true },
  { name: 'active', label: 'Active', kind: 'flag' },
  { name: 'tags', label: 'Tags', kind: 'list' },
];
const initial = {
  name: 'Bitcoin',
  rank: 794,
  listed: false,
  uniqueName: 'bitcoin',
  active: 'true',
  tags: [] as string[],
};

function renderModal(props: Partial<Parameters<typeof UpdateModal>[0]> = {}) {
  const onSubmit = vi.fn(async () => undefined);
  const onClose = vi.fn();
  render(
    <AntApp>
      <UpdateModal
        title="Update Bitcoin"
        fields={FIELDS}
        initialValues={initial}
        onSubmit={onSubmit}
        onClose={onClose}
        {...props}
      />
    </AntApp>,
  );
  return { onSubmit, onClose };
}

describe('shared update modal', () => {
  it('puts its note under the buttons, following the values on screen', async () => {
    renderModal({
      footerNote: (values) => <p>{`Note on ${String(values.name)}`}</p>,
    });
    const note = await screen.findByText('Note on Bitcoin');
    for (const name of ['Close', 'Update']) {
      const button = screen.getByRole('button', { name });
      // The note comes after the button, so what it grows to never moves it.
      expect(button.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Ether');
    expect(await screen.findByText('Note on Ether')).toBeTruthy();
  });

  it('is prefilled, marks required fields, and keeps read-only ones read-only', async () => {
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Update Bitcoin' });
    expect(dialog).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Bitcoin');
    expect((screen.getByLabelText('Unique Name') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Name', { selector: 'label' }).className).toContain('required');
    expect(screen.getByText('Tags', { selector: 'label' }).className).not.toContain('required');
  });

  it('refuses an empty required field and a flag that is not true or false, sending nothing', async () => {
    const { onSubmit } = renderModal();
    await userEvent.clear(await screen.findByLabelText('Name'));
    await userEvent.clear(screen.getByLabelText('Rank'));
    await userEvent.clear(screen.getByLabelText('Active'));
    await userEvent.type(screen.getByLabelText('Active'), 'yes');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Please enter Name')).toBeTruthy();
    expect(await screen.findByText('Please enter Rank')).toBeTruthy();
    expect(await screen.findByText('Active must be true or false')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the values with the list typed, then closes', async () => {
    const { onSubmit, onClose } = renderModal();
    await userEvent.clear(await screen.findByLabelText('Active'));
    await userEvent.type(screen.getByLabelText('Active'), 'FALSE');
    await userEvent.type(screen.getByLabelText('Tags'), 'defi{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Bitcoin',
      rank: 794,
      listed: false,
      uniqueName: 'bitcoin',
      active: 'FALSE',
      tags: ['defi'],
    });
  });

  it('a refused submit shows the reason and keeps what was typed open on screen', async () => {
    const onSubmit = vi.fn(async () => {
      throw new Error('A currency with unique name "bitcoin" is already in the catalogue.');
    });
    const { onClose } = renderModal({ onSubmit });
    await userEvent.clear(await screen.findByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Bitcoin Two');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect((await screen.findByRole('alert')).textContent).toContain('already in the catalogue');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Bitcoin Two');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Close closes without submitting', async () => {
    const { onSubmit, onClose } = renderModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('the gate sees the initial values from the very first render, never an empty form', async () => {
    const gate = vi.fn((values: Record<string, unknown>) =>
      values.name === 'Bitcoin' ? 'Rename it first' : null,
    );
    renderModal({ gate });
    await screen.findByRole('button', { name: 'Update' });
    expect(gate).toHaveBeenCalled();
    for (const [values] of gate.mock.calls) expect(values.name).toBe('Bitcoin');
  });

  it('a gate disables submit and says why until the values satisfy it', async () => {
    renderModal({
      gate: (values) => (values.name === 'Bitcoin' ? 'Rename it first' : null),
      extraFooter: (values) => <span>footer sees {String(values.name)}</span>,
    });
    const update = await screen.findByRole('button', { name: 'Update' });
    expect((update as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('note').textContent).toBe('Rename it first');
    expect(screen.getByText('footer sees Bitcoin')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Name'), ' Cash');
    await waitFor(() => expect((update as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole('note')).toBeNull();
  });
});
