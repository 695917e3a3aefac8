import fc from 'fast-check';
import { z } from 'zod';

/**
 * Values for fuzzing, read off the shared zod schemas: "well-shaped" values of the type each
 * field declares (so that requests reach the handlers and the database), and hostile ones of
 * every other kind (wrong types, huge and fractional numbers, long and odd strings, NUL).
 */

/** Texts and numbers the seeded database holds, so that well-shaped requests find records. */
export interface KnownValues {
  texts: string[];
  numbers: number[];
}

const ODD_TEXTS = [
  '',
  ' ',
  'null',
  'true',
  'FALSE',
  'a\u0000b',
  '%00',
  '../../etc/passwd',
  "'; DROP TABLE tweets; --",
  '%',
  '_',
  '\\',
  '🚀'.repeat(60),
  'e\u0301\u0301',
  '\ud800',
  'x'.repeat(5000),
];

/** Any value a field of another type may be sent instead. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(2 ** 31, 2 ** 31 - 1, 2 ** 53, 2 ** 63, -1, 0, 1.5, -0.5, 1e308, -1e308),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 190, maxLength: 260 }),
  fc.constantFrom(...ODD_TEXTS),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 2 }),
);

const defOf = (schema: z.ZodType) =>
  (schema as unknown as { _zod: { def: { type: string } } })._zod.def;

/** A value of the type the schema declares (not always one it accepts: lengths, ranges). */
export function wellShaped(schema: z.ZodType, known: KnownValues): fc.Arbitrary<unknown> {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault)
    return fc.option(wellShaped(schema.unwrap() as z.ZodType, known), { nil: undefined });
  if (schema instanceof z.ZodNullable)
    return fc.option(wellShaped(schema.unwrap() as z.ZodType, known), { nil: null });
  if (schema instanceof z.ZodPipe) {
    // A transform says nothing about what is sent: the input side does.
    const out = schema.out as z.ZodType;
    const fromIn = wellShaped(schema.in as z.ZodType, known);
    return out instanceof z.ZodTransform ? fromIn : fc.oneof(fromIn, wellShaped(out, known));
  }
  if (schema instanceof z.ZodUnion)
    return fc.oneof(...(schema.options as z.ZodType[]).map((option) => wellShaped(option, known)));
  if (schema instanceof z.ZodEnum)
    return fc.constantFrom(...(schema.options as (string | number)[]));
  if (schema instanceof z.ZodBoolean) return fc.boolean();
  if (schema instanceof z.ZodNumber)
    return fc.oneof(
      fc.constantFrom(...known.numbers),
      fc.integer({ min: 0, max: 5000 }),
      fc.constantFrom(2 ** 31 - 1, 2 ** 31, 1e15),
    );
  if (schema instanceof z.ZodString)
    return fc.oneof(
      { arbitrary: fc.constantFrom(...known.texts), weight: 3 },
      { arbitrary: fc.string({ maxLength: 24 }), weight: 2 },
      { arbitrary: fc.string({ unit: 'grapheme', maxLength: 24 }), weight: 1 },
    );
  if (schema instanceof z.ZodArray)
    return fc.array(wellShaped(schema.element as z.ZodType, known), { maxLength: 4 });
  if (schema instanceof z.ZodObject) return objectOf(schema, known);
  if (schema instanceof z.ZodUndefined) return fc.constant(undefined);
  throw new Error(`No generator for a zod ${defOf(schema).type}`);
}

/** One field: mostly well-shaped, sometimes hostile. */
export const fieldValue = (schema: z.ZodType, known: KnownValues) =>
  fc.oneof(
    { arbitrary: wellShaped(schema, known), weight: 4 },
    { arbitrary: hostileValue, weight: 1 },
  );

/** An object of the schema's fields, any of them missing, with a few extra fields at times. */
export function objectOf(
  schema: z.ZodObject<z.ZodRawShape>,
  known: KnownValues,
): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => [
      name,
      fieldValue(field as z.ZodType, known),
    ]),
  );
  return fc
    .tuple(
      fc.oneof(
        { arbitrary: fc.record(fields), weight: 3 },
        { arbitrary: fc.record(fields, { requiredKeys: [] }), weight: 1 },
      ),
      fc.option(fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 2 }), {
        freq: 4,
        nil: {},
      }),
    )
    .map(([record, extra]) => ({ ...extra, ...record }));
}
