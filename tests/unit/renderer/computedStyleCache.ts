/**
 * getComputedStyle under jsdom, answered once per element until the document changes.
 *
 * Testing Library asks for an element's computed style for every candidate of a role query and
 * every ancestor of it (is it hidden?), and again for every node that makes up an accessible name.
 * jsdom computes each answer from scratch: it cascades every rule of the document's style sheets
 * (Ant Design injects thousands) and resolves inherited properties up the tree. A profile of two
 * renderer test files spent 47% of their CPU time there, asking again and again about elements
 * that had not changed.
 *
 * jsdom's answer is a snapshot taken at the call, so an answer kept until the next change of the
 * document is the answer jsdom would give. A change is anything a MutationObserver on the whole
 * document records (nodes added or removed, attributes such as class and style, text, which covers
 * a style element's rules); its records are taken synchronously on every call, so a change made in
 * the same tick as the question is seen, and those the observer is handed later forget too. A
 * change of focus, which no record shows, forgets as well. Elements outside the document, which no observer watches,
 * are never cached.
 */
const INSTALLED = Symbol.for('dqc.computedStyleCache');

type CachedWindow = Window & typeof globalThis & { [INSTALLED]?: true };

export function cacheComputedStyle(win: Window & typeof globalThis): void {
  const target = win as CachedWindow;
  // Test files share their worker's window (vitest.config.mts: isolate false): install once.
  if (target[INSTALLED]) return;
  target[INSTALLED] = true;

  const compute = win.getComputedStyle.bind(win);
  let answers = new WeakMap<Element, Map<string, CSSStyleDeclaration>>();
  // Records reach the callback at the next microtask, and those taken by a call before then
  // come from takeRecords: either way a change forgets every answer.
  const observer = new win.MutationObserver(() => {
    answers = new WeakMap();
  });
  observer.observe(win.document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  // Focus moves no node, yet a rule may match `:focus` or `:focus-within`.
  const forget = () => {
    answers = new WeakMap();
  };
  win.document.addEventListener('focusin', forget, true);
  win.document.addEventListener('focusout', forget, true);

  win.getComputedStyle = (element: Element, pseudo?: string | null): CSSStyleDeclaration => {
    if (!element.isConnected) return compute(element, pseudo);
    if (observer.takeRecords().length > 0) answers = new WeakMap();
    let byPseudo = answers.get(element);
    if (!byPseudo) {
      byPseudo = new Map();
      answers.set(element, byPseudo);
    }
    const key = pseudo ?? '';
    let answer = byPseudo.get(key);
    if (!answer) {
      answer = compute(element, pseudo);
      byPseudo.set(key, answer);
    }
    return answer;
  };
}
