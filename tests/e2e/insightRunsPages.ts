import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { header } from './fixtures';

/**
 * What the Model runs E2E reads off the screens (DESIGN.md, Extensions): the totals of the list
 * headers and the counts of a run's result line, so that a test compares what three screens say.
 */

/** N of "You see ( a - b ) of N results", once the header shows one. */
export async function headerTotal(page: Page): Promise<number> {
  await expect(header(page)).toHaveText(/^You see \( \d+ - \d+ \) of \d+ results$/);
  const text = (await header(page).textContent()) ?? '';
  return Number(/of (\d+) results/.exec(text)![1]);
}

/** The counts of a result line: "…; 312 items changed: 140 kept → eliminated, 172 eliminated → kept". */
export function changedCounts(result: string): {
  changed: number;
  keptToEliminated: number;
  eliminatedToKept: number;
} {
  const found =
    /([\d,]+) items? changed: ([\d,]+) kept → eliminated, ([\d,]+) eliminated → kept/.exec(result);
  if (!found) throw new Error(`no changes in "${result}"`);
  const number = (text: string) => Number(text.replaceAll(',', ''));
  return {
    changed: number(found[1]!),
    keptToEliminated: number(found[2]!),
    eliminatedToKept: number(found[3]!),
  };
}

/** A run's result line, as Review's Model button and the Model runs screen both say it. */
export const RESULT_LINE =
  /Trained on [\d,]+; accuracy (\d+\.\d% \(was \d+\.\d%\)|\d+\.\d%|not measured.*); [\d,]+ items? changed: [\d,]+ kept → eliminated, [\d,]+ eliminated → kept/;
