import { act, render } from '@testing-library/react';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReviewUrlWrite } from '../../../src/renderer/features/review/useReviewUrl';

/**
 * A screen writes its filter into the URL after the answer is painted (ownUrlWrite.ts). A write
 * queued just before the user leaves (Filter, then at once the side menu) must not take them back:
 * the window's hash has already moved on when the write comes due, before React unmounts the
 * screen and so cancels it.
 */
function ReviewProbe() {
  useReviewUrlWrite('filterType=news', false);
  return null;
}

function renderAtReview() {
  window.location.hash = '#/filter';
  vi.useFakeTimers();
  render(
    <HashRouter>
      <Routes>
        <Route path="/filter" element={<ReviewProbe />} />
        <Route path="*" element={null} />
      </Routes>
    </HashRouter>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  window.location.hash = '';
});

describe("a screen's own URL write, queued as the user leaves", () => {
  it('is written while the screen is still shown', async () => {
    renderAtReview();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(window.location.hash).toBe('#/filter?filterType=news');
  });

  it('is dropped once the window shows another screen, so the user stays where they went', async () => {
    renderAtReview();
    window.location.hash = '#/keyword/get-keywords';
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(window.location.hash).toBe('#/keyword/get-keywords');
  });
});
