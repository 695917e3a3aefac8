import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AreaTabs } from '../../../src/renderer/ui/resource/AreaTabs';
import type { AreaTab } from '../../../src/renderer/domain/screens/screens';

const TABS: readonly AreaTab[] = [
  { label: 'List Crypto Currencies', to: '/cryptoCurrency/get-currencies' },
  { label: "Currency's New Version", to: '/cryptoCurrency/get-new-version-of-currencies' },
  { label: 'Add Crypto Tag' },
];

function Where() {
  return <output aria-label="Path">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <AreaTabs tabs={TABS} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('AreaTabs', () => {
  it('gives each tab ids without spaces, so aria-controls names a valid id', () => {
    renderAt('/cryptoCurrency/get-currencies');
    const tabs = screen.getAllByRole('tab');
    expect(tabs).toHaveLength(TABS.length);
    for (const tab of tabs) {
      expect(tab.id).toMatch(/^\S+$/);
      expect(tab.getAttribute('aria-controls')).toMatch(/^\S+$/);
    }
  });

  it("marks the current route's tab and navigates to another tab's route", async () => {
    renderAt('/cryptoCurrency/get-new-version-of-currencies');
    expect(
      screen.getByRole('tab', { name: "Currency's New Version" }).getAttribute('aria-selected'),
    ).toBe('true');
    await userEvent.click(screen.getByRole('tab', { name: 'List Crypto Currencies' }));
    expect(screen.getByLabelText('Path').textContent).toBe('/cryptoCurrency/get-currencies');
  });
});
