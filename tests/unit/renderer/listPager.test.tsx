import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListPager } from '../../../src/renderer/ui/listPattern';

const pageNumbers = () =>
  screen
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('title'))
    .filter((t): t is string => t !== null && /^\d+$/.test(t));

describe('list pager', () => {
  it('shows one margin page either side of the current one, plus first and last', () => {
    // Zero-based page 9 of 20 is shown as page 10.
    render(<ListPager page={9} pageSize={25} total={500} onChange={() => undefined} />);
    expect(pageNumbers()).toEqual(['1', '9', '10', '11', '20']);
  });

  it("moves with '<<' and '>>' and reports zero-based pages", async () => {
    const onChange = vi.fn();
    render(<ListPager page={0} pageSize={50} total={120} onChange={onChange} />);
    expect(screen.getByText('<<')).toBeTruthy();
    await userEvent.click(screen.getByText('>>'));
    expect(onChange).toHaveBeenLastCalledWith(1);
    await userEvent.click(screen.getByTitle('3'));
    expect(onChange).toHaveBeenLastCalledWith(2);
  });

  it('is not shown when everything fits on one page', () => {
    const { container } = render(
      <ListPager page={0} pageSize={50} total={50} onChange={() => undefined} />,
    );
    expect(container.textContent).toBe('');
  });
});
