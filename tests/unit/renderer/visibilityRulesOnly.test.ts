import { afterEach, describe, expect, it } from 'vitest';
import { keepVisibilityRulesOnly } from './visibilityRulesOnly';

// Rules of the kinds Ant Design injects: classes, a later rule overriding an earlier one, a rule
// that is overridden only by a more specific one, !important, @media (which jsdom's cascade
// leaves out either way) and @keyframes.
const CSS = `
  .card { margin-top: 4px; color: red; display: flex }
  .card.closed { display: none; padding: 2px }
  .wrap .card { visibility: hidden }
  .wrap .card.shown { visibility: visible; transition: opacity 1s }
  .ghost { opacity: 0; margin: 3px }
  .locked { pointer-events: none !important; border: 1px solid }
  .locked.open { pointer-events: auto }
  .hint::before { content: 'x'; color: blue }
  @media (min-width: 1px) { .wide { display: inline-block; width: 20px } }
  @keyframes fade { from { opacity: 0 } to { opacity: 1 } }
  .only-colour { color: green; background: white }
`;
const BODY = `
  <div class="card" id="a"></div>
  <div class="card closed" id="b"></div>
  <div class="wrap"><div class="card" id="c"><span id="c1">text</span></div></div>
  <div class="wrap"><div class="card shown" id="d"></div></div>
  <div class="ghost" id="e"></div>
  <button class="locked" id="f"></button>
  <button class="locked open" id="g"></button>
  <p class="hint" id="h"></p>
  <div class="wide" id="i"></div>
  <div class="only-colour" id="j"></div>
`;
const KEPT = ['display', 'visibility', 'pointer-events', 'opacity'];

/** A window of its own (an iframe's), whose sheets are cut or left whole. */
function windowWith(cut: boolean) {
  const frame = document.body.appendChild(document.createElement('iframe'));
  const win = frame.contentWindow as Window & typeof globalThis;
  win.document.head.innerHTML = `<style>${CSS}</style>`;
  win.document.body.innerHTML = BODY;
  if (cut) keepVisibilityRulesOnly(win);
  return win;
}

describe("the renderer tests' style sheets cut to what decides visibility", () => {
  afterEach(() => document.body.replaceChildren());

  it('gives every element the display, visibility, pointer-events and opacity of the whole sheet', () => {
    const whole = windowWith(false);
    const cut = windowWith(true);
    const ids = Array.from(whole.document.querySelectorAll('[id]'), (element) => element.id);
    expect(ids.length).toBe(11);
    for (const id of ids) {
      const expected = whole.getComputedStyle(whole.document.getElementById(id)!);
      const actual = cut.getComputedStyle(cut.document.getElementById(id)!);
      for (const property of KEPT) {
        expect(`${id} ${property}: ${actual.getPropertyValue(property)}`).toBe(
          `${id} ${property}: ${expected.getPropertyValue(property)}`,
        );
      }
    }
    // The cases that make the comparison worth something: hidden, inherited, overridden.
    const shown = (id: string) => cut.getComputedStyle(cut.document.getElementById(id)!);
    expect(shown('b').display).toBe('none');
    expect(shown('c1').visibility).toBe('hidden');
    expect(shown('d').visibility).toBe('visible');
    expect(shown('f').pointerEvents).toBe('none');
  });

  it("drops the other declarations from the sheet's rules, but not from the style element's text", () => {
    const cut = windowWith(true);
    const card = cut.document.getElementById('a')!;
    expect(cut.getComputedStyle(card).marginTop).not.toBe('4px');
    const sheet = cut.document.styleSheets[0]!;
    const text = Array.from(sheet.cssRules, (rule) => rule.cssText).join('\n');
    expect(text).not.toMatch(/color|margin|keyframes|only-colour/);
    expect(cut.document.querySelector('style')!.textContent).toBe(CSS);
  });

  it('cuts a sheet added later, at the next question', () => {
    const cut = windowWith(true);
    cut.getComputedStyle(cut.document.body);
    const style = cut.document.head.appendChild(cut.document.createElement('style'));
    style.textContent = '.late { display: none; margin-left: 9px }';
    const late = cut.document.body.appendChild(cut.document.createElement('div'));
    late.className = 'late';
    expect(cut.getComputedStyle(late).display).toBe('none');
    expect(style.sheet!.cssRules[0]!.cssText).not.toContain('margin');
  });
});
