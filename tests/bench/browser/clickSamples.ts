import type { Page } from '@playwright/test';
import { clickToPaint, paintFloor, settled, type PaintProbe } from './inPage';
import type { watchServer } from './consolePage';

export interface ClickSamples {
  /** Click to a frame after the new rows, in the page. */
  paint: number[];
  /** Click to the new rows in the DOM. */
  dom: number[];
  /** The server's own time for the requests the click caused. */
  server: number[];
  /** Per sample: painted minus the server's span. */
  beyond: number[];
  /**
   * Per sample, right after it: the paint floor of the same final markup, painted from a static
   * string in the same page (inPage.ts's paintFloor).
   */
  floor: number[];
  requests: number[];
  failures: string[];
}

/**
 * Times `samples` clicks (after `warmUp` untimed ones): before each, `prepare(i)` sets up the
 * click (a filter value, untimed); the click itself is timed in the page (clickToPaint) while
 * the server's span for the requests it causes is taken on the server. Both are durations on
 * their own monotonic clocks; only durations are compared.
 */
export async function clickSamples(
  page: Page,
  server: ReturnType<typeof watchServer>,
  probe: (i: number) => PaintProbe,
  prepare: (i: number) => Promise<void>,
  samples: number,
  warmUp: number,
): Promise<ClickSamples> {
  const out: ClickSamples = {
    paint: [],
    dom: [],
    server: [],
    beyond: [],
    floor: [],
    requests: [],
    failures: [],
  };
  for (let i = 0; i < warmUp + samples; i++) {
    await prepare(i);
    // Let the page settle (a dropdown's closing animation, a toast, the floor's copy taken away
    // and the original shown again) so the click starts alone.
    await page.evaluate(settled);
    server.reset();
    const result = await page.evaluate(clickToPaint, probe(i));
    // The server's time for the calls the rows waited for: answered before they reached the DOM.
    const span = await server.span(result.ok ? result.domWallMs : undefined);
    if (!result.ok) {
      out.failures.push(result.reason);
      continue;
    }
    // Alternating with the click, on the markup that click painted, once the page is quiet: what
    // the page does after its paint (the questions it asks once the cards are seen, and drawing
    // their answers) must not land in the floor's frame and make the floor look dearer.
    await page.evaluate(settled);
    const floor = await page.evaluate(paintFloor, { items: probe(i).items });
    if (i < warmUp) continue;
    if (!floor.ok) {
      out.failures.push(`paint floor: ${floor.reason}`);
      continue;
    }
    out.floor.push(floor.ms);
    out.paint.push(result.paintMs);
    out.dom.push(result.domMs);
    out.server.push(span.ms);
    out.beyond.push(result.paintMs - span.ms);
    out.requests.push(span.requests);
  }
  return out;
}
