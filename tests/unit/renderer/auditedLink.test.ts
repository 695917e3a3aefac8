import { describe, expect, it } from 'vitest';
import { auditedItemsHref, auditedItemsOf } from '../../../src/renderer/domain/audit/auditedLink';

describe('the link from a Quality figure to its audited items on Review', () => {
  it('names one source and its ids, each once, and reads back the same', () => {
    const href = auditedItemsHref('news', [42, 7, 42]);
    expect(href).toBe('/filter?audited=news:7,42');
    expect(auditedItemsOf(href.split('?')[1]!)).toEqual({ source: 'news', ids: [7, 42] });
  });

  it('reads nothing from a query without it or with a damaged one', () => {
    expect(auditedItemsOf('filterType=tweets')).toBeNull();
    expect(auditedItemsOf('audited=videos:1,2')).toBeNull();
    expect(auditedItemsOf('audited=tweets:')).toBeNull();
    expect(auditedItemsOf('audited=tweets:1,x')).toBeNull();
  });
});
