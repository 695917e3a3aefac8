/**
 * jsdom's style sheets cut down, before each getComputedStyle, to the declarations the tests'
 * questions read: whether an element is shown and can be clicked.
 *
 * Ant Design injects thousands of rules. For every computed style jsdom tests each rule's selector
 * against the element and applies every declaration of those that match (margins, colours,
 * transitions, ...), then does the same up the tree for inherited properties. A profile of
 * reviewBulk.test.tsx spent half its CPU time there, for Testing Library's role and name queries,
 * which read only `display` and `visibility` (is it hidden?), user-event's `pointer-events`,
 * jest-dom's and axe's `opacity`, `clip` and `content`.
 *
 * A rule is kept with only those declarations, or dropped when it sets none of them; `@keyframes`
 * are dropped. Rules that set none of a property cannot change its cascade, so the computed value
 * of each property kept is the one jsdom gives with the whole sheet; the others read as their
 * initial or inherited values, as they would without Ant Design's sheets, and no test asserts on
 * them (colour contrast is left to the browser suite: axe runs here without it). The cut is made
 * on the sheet's rules (CSSOM), not the style element's text, so Ant Design, which compares that
 * text before rewriting an element, sees its own CSS; a rewritten element gets a new sheet, which
 * is cut at the next question.
 */
const KEPT = new Set([
  'display',
  'visibility',
  'pointer-events',
  'opacity',
  'content',
  'clip',
  'clip-path',
]);

const INSTALLED = Symbol.for('dqc.visibilityRulesOnly');

type PrunedWindow = Window & typeof globalThis & { [INSTALLED]?: true };

/** Keeps in a rule list only the kept declarations; true when nothing is left in it. */
function prune(rules: CSSRuleList, remove: (index: number) => void): boolean {
  for (let i = rules.length - 1; i >= 0; i -= 1) {
    const rule = rules[i]!;
    if ('selectorText' in rule && 'style' in rule) {
      const style = (rule as CSSStyleRule).style;
      const names = Array.from({ length: style.length }, (_, k) => style.item(k));
      const others = names.filter((name) => !KEPT.has(name));
      if (others.length === names.length) remove(i);
      else for (const name of others) style.removeProperty(name);
    } else if ('cssRules' in rule && !('name' in rule && 'appendRule' in rule)) {
      // @media, @supports, @layer: their rules, cut the same way.
      const group = rule as CSSGroupingRule;
      if (prune(group.cssRules, (index) => group.deleteRule(index))) remove(i);
    } else {
      // @keyframes, @font-face and the like decide no visibility.
      remove(i);
    }
  }
  return rules.length === 0;
}

export function keepVisibilityRulesOnly(win: Window & typeof globalThis): void {
  const target = win as PrunedWindow;
  // Test files share their worker's window (vitest.config.mts: isolate false): install once.
  if (target[INSTALLED]) return;
  target[INSTALLED] = true;

  const cut = new WeakSet<CSSStyleSheet>();
  const compute = win.getComputedStyle.bind(win);
  win.getComputedStyle = (element: Element, pseudo?: string | null): CSSStyleDeclaration => {
    for (const sheet of Array.from(win.document.styleSheets)) {
      if (cut.has(sheet)) continue;
      cut.add(sheet);
      prune(sheet.cssRules, (index) => sheet.deleteRule(index));
    }
    return compute(element, pseudo);
  };
}
