import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilterForm } from '../../../src/renderer/ui/resource/FilterForm';
import { sameFilterValues } from '../../../src/renderer/ui/resource/filterValues';

const fields = [{ name: 'contains', label: 'Currency Contains' }] as const;

function formWith(value: Record<string, string>) {
  return (
    <FilterForm
      label="Currency filter"
      fields={fields}
      value={value}
      onFilter={vi.fn()}
      draftKey="test.filterFormTyping"
    />
  );
}

describe('a list filter box while an answer is out', () => {
  it('keeps what the user typed when the same filter is read again', async () => {
    const view = render(formWith({ contains: 'token' }));
    const box = screen.getByLabelText('Currency Contains') as HTMLInputElement;
    await userEvent.clear(box);
    await userEvent.type(box, 'coin');
    // The answer to the last search arrives: the applied filter, as a new object, is the same.
    view.rerender(formWith({ contains: 'token' }));
    expect(box.value).toBe('coin');
  });

  it('follows a filter with other values (a saved view or a link applied)', async () => {
    const view = render(formWith({ contains: 'token' }));
    const box = screen.getByLabelText('Currency Contains') as HTMLInputElement;
    await userEvent.type(box, 'x');
    view.rerender(formWith({ contains: 'ether' }));
    await vi.waitFor(() => expect(box.value).toBe('ether'));
  });

  it('compares filters by their values, a missing field as empty', () => {
    expect(sameFilterValues({ a: 'x' }, { a: 'x' })).toBe(true);
    expect(sameFilterValues({ a: '' }, {})).toBe(true);
    expect(sameFilterValues({ a: 'x' }, { a: 'y' })).toBe(false);
    expect(sameFilterValues({ a: 'x' }, { a: 'x', b: 'z' })).toBe(false);
  });
});
