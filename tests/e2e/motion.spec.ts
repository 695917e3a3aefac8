/**
 * The system's "reduce motion" (WCAG 2.3.3): with it on, a modal appears at once; without it, it
 * zooms in over SPEC.md 9's 300 ms. A recorder notes every class the page's elements ever carry, so
 * the check does not depend on catching the animation while it runs.
 */
import type { Page } from '@playwright/test';
import { expect, header, openSignedIn, test } from './fixtures';

declare global {
  interface Window {
    dqcMotionClasses?: Set<string>;
  }
}

/**
 * Starts noting the motion classes that any element takes on while Ant Design's zoom or fade runs
 * (`…-active`). Without motion an element may still pass through `…-prepare` for a frame, which
 * moves nothing.
 */
async function recordMotionClasses(page: Page) {
  await page.evaluate(() => {
    const seen = new Set<string>();
    window.dqcMotionClasses = seen;
    const note = (element: Element) => {
      for (const name of element.classList)
        if (/-(zoom|fade)-(appear|enter|leave)-active$/.test(name)) seen.add(name);
    };
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        if (mutation.target instanceof Element) note(mutation.target);
        for (const node of mutation.addedNodes) {
          if (!(node instanceof Element)) continue;
          note(node);
          node.querySelectorAll('*').forEach(note);
        }
      }
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['class'],
    });
  });
}

const motionClasses = (page: Page) =>
  page.evaluate(() => [...(window.dqcMotionClasses ?? [])].sort());

async function openModelConfirm(page: Page) {
  await expect(header(page)).toBeVisible({ timeout: 30_000 });
  await recordMotionClasses(page);
  await page.getByRole('button', { name: 'Model' }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Yes!' })).toBeVisible();
}

test.describe('with reduced motion set', () => {
  test.use({ reducedMotion: 'reduce' });

  test('a modal appears and leaves without zooming or fading', async ({ page, app }) => {
    await openSignedIn(page, app, '/filter');
    await openModelConfirm(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await motionClasses(page)).toEqual([]);
  });
});

test.describe('without reduced motion', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('a modal zooms in and its backdrop fades in (SPEC.md 9)', async ({ page, app }) => {
    await openSignedIn(page, app, '/filter');
    await openModelConfirm(page);
    // The dialog's button can be visible while its zoom is still being prepared: wait for both.
    await expect
      .poll(() => motionClasses(page))
      .toEqual(expect.arrayContaining(['ant-zoom-appear-active', 'ant-fade-appear-active']));
  });
});
