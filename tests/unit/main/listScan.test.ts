import { describe, expect, it } from 'vitest';
import { ListScan, recordText, type ScannedList } from '../../../src/main/core/catalogue/listScan';
import { ScannedRows } from '../../../src/main/core/catalogue/scannedRows';
import { isRecord } from '../../../src/shared/api/answers';
import { currencyRecord } from '../../../src/shared/api/records';
import { BridgeFailure } from '../../../src/main/core/bridgeFailure';

/** The body scanned in chunks of `size` bytes (the whole at once when size is 0). */
function scanned(body: Buffer, size = 0): ScannedList | null {
  const scan = new ListScan();
  if (size === 0) scan.push(body);
  else for (let at = 0; at < body.length; at += size) scan.push(body.subarray(at, at + size));
  return scan.end();
}

/** The records a whole read keeps (JSON.parse, then the entries that are objects), or null. */
function wholeRead(text: string): unknown[] | null {
  try {
    const value: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    return Array.isArray(value) ? value.filter(isRecord) : null;
  } catch {
    return null;
  }
}

const recordsOf = (list: ScannedList) =>
  list.starts.map((_, n) => JSON.parse(recordText(list, n)) as unknown);

/** Lists a provider may send: escapes, brackets and quotes in strings, entries that are no record. */
const LISTS = [
  '[]',
  ' \r\n\t[ ]\n',
  '[{}]',
  '[{"name":"Bitcoin","rank":1}]',
  '[{"a":"quote \\" inside"},{"b":"backslash at the end \\\\"},{"c":"\\\\\\""}]',
  '[{"brackets":"[{]}","n":[1,[2,{"x":"}"}]]},null,1,-2.5e3,true,false,"a string, [not] {a record}"]',
  '[["a list"],{"after":"the list"}, {"é":"ünïcødé ✓ 🚀"}]',
  '\ufeff[{"bom":true}]',
  '[ {"spaced" : [ 1 , 2 ] } , { } ]',
  '[{"u":"\\u0022\\u005c"}, "\\"", {"k":"\\\\"}]',
];

/** Bodies that are not a JSON list: each must end as null, as the whole read fails on them. */
const NOT_LISTS = [
  '',
  '   ',
  '{"a":1}',
  '"[1]"',
  'null',
  '[',
  '[{"a":1}',
  '[{"a":"unclosed}]',
  '[1,]',
  '[,1]',
  '[1 2]',
  '[{"a":1} {"b":2}]',
  '[{"a":1}]x',
  '[{"a":1}]]',
  '<html>502 Bad Gateway</html>',
  '[nope]',
  '\ufeff\ufeff[]',
  '\u00ef[]',
  // Entries that are not records, checked as they end; brackets that close what they opened.
  '[nul]',
  '[--]',
  '[1true]',
  '[[x]]',
  '[[}]',
  '[{"name":"A"},tru]',
  '["a \\x escape"]',
  '["a \u0001 control"]',
  '[{"a":1]',
  '[{"a":[1}]',
  '[[1,2}]',
];

describe('ListScan: where the records of a JSON list lie, without parsing it', () => {
  it('finds the records a whole read keeps, in order, whatever the chunks', () => {
    for (const text of LISTS) {
      const body = Buffer.from(text);
      const expected = wholeRead(text);
      expect(expected, text).not.toBeNull();
      for (let size = 0; size <= body.length; size++) {
        const list = scanned(body, size);
        expect(list, `${text} in chunks of ${size}`).not.toBeNull();
        expect(recordsOf(list!), `${text} in chunks of ${size}`).toEqual(expected);
      }
    }
  });

  it('says a body is not a list when it is not, whatever the chunks', () => {
    for (const text of NOT_LISTS) {
      expect(wholeRead(text), text).toBeNull();
      const body = Buffer.from(text);
      for (let size = 0; size <= Math.max(1, body.length); size++)
        expect(scanned(body, size), `${JSON.stringify(text)} in chunks of ${size}`).toBeNull();
    }
  });

  it('takes a byte order mark only whole and first', () => {
    const mark = Buffer.from([0xef, 0xbb, 0xbf]);
    const list = Buffer.from('[{"a":1}]');
    for (let size = 0; size <= 12; size++) {
      expect(scanned(Buffer.concat([mark, list]), size)?.starts).toEqual([4]);
      expect(scanned(Buffer.concat([mark.subarray(0, 2), list]), size)).toBeNull();
      expect(scanned(Buffer.concat([Buffer.from(' '), mark, list]), size)).toBeNull();
    }
  });

  it('follows a run of backslashes cut between two chunks', () => {
    // The quote after an even run closes the string; after an odd run it is part of it.
    for (let run = 0; run <= 5; run++) {
      const text = `[{"s":"x${'\\'.repeat(run * 2)}"},{"t":"${'\\'.repeat(run * 2 + 1)}""}]`;
      const body = Buffer.from(text);
      for (let size = 1; size <= body.length; size++) {
        const list = scanned(body, size);
        expect(list, `${text} in chunks of ${size}`).not.toBeNull();
        expect(recordsOf(list!)).toEqual(JSON.parse(text));
      }
    }
  });

  it('finds every record of a large list cut in 64 KiB chunks', () => {
    const rows = Array.from({ length: 3000 }, (_, n) => ({
      id: n,
      name: `Coin "${n}" \\ [${n}]`,
      socials: { twitter: `https://x.com/${n}`, list: [n, { deep: '}' }] },
    }));
    const body = Buffer.from(JSON.stringify(rows));
    const list = scanned(body, 65_536);
    expect(list!.starts).toHaveLength(3000);
    expect(recordsOf(list!)).toEqual(rows);
  });
});

describe('ScannedRows: the catalogue held as its body, a page parsed when shown', () => {
  const text =
    '[{"name":"Bitcoin","rank":1,"uniqueName":"bitcoin"},"no record",{"name":"Ether","rank":"2","tags":"oops"},null,{"name":"Solana"}]';

  it('has the length and the rows of the whole lenient read', () => {
    const rows = new ScannedRows(scanned(Buffer.from(text))!, currencyRecord, 'currency list');
    const whole = (JSON.parse(text) as unknown[])
      .filter(isRecord)
      .map((value) => currencyRecord.read(value));
    expect(rows.length).toBe(3);
    expect(rows.slice(0, 50)).toEqual(whole);
    expect(rows.slice(1, 2)).toEqual(whole.slice(1, 2));
    expect(rows.slice(5, 10)).toEqual([]);
  });

  it('parses each record once, when a page first shows it', () => {
    const rows = new ScannedRows(scanned(Buffer.from(text))!, currencyRecord, 'currency list');
    const first = rows.slice(0, 2);
    expect(rows.slice(0, 1)[0]).toBe(first[0]);
    expect(rows.slice(1, 3)[0]).toBe(first[1]);
  });

  it('says which answer could not be read when a record shown is not JSON, and keeps the others', () => {
    const broken = '[{"name":"Good"},{"name":"Bad",},{"name":"Also good"}]';
    const rows = new ScannedRows(scanned(Buffer.from(broken))!, currencyRecord, 'currency list');
    expect(rows.length).toBe(3);
    expect(rows.slice(0, 1)[0]!.name).toBe('Good');
    expect(() => rows.slice(0, 3)).toThrow(BridgeFailure);
    expect(() => rows.slice(1, 2)).toThrow('The server sent an unreadable currency list.');
    expect(rows.slice(2, 3)[0]!.name).toBe('Also good');
  });
});
