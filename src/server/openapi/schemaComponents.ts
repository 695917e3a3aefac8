import { z } from 'zod';
import { serverLimits } from '../../shared/bodies/fields';

/**
 * The zod schemas of the declarations as JSON Schema 2020-12 (the dialect of OpenAPI 3.1), with
 * the schemas src/shared/bodies and src/shared/responses export by name as components, so that a
 * tweet item or a filter body is written once in the document and referred to where used.
 */

/** A JSON Schema (or a Reference Object) as the document holds it. */
export type JsonSchema = { [key: string]: unknown };

export const COMPONENT_SCHEMAS = '#/components/schemas/';

/** Bodies and parameters are read as the caller sends them, responses as our server sends them. */
export type Direction = 'input' | 'output';

/** An operation's schema is registered under this prefix and inlined where it is used. */
const PART = '~part/';

/** 'tweetItemSchema' -> 'TweetItem', 'dataIdParams' -> 'DataIdParams'. */
export function componentName(exportName: string): string {
  const bare = exportName.endsWith('Schema') ? exportName.slice(0, -'Schema'.length) : exportName;
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

/**
 * Our server's own limits (src/shared/bodies/fields.ts, `serverLimits`) beside the contract's
 * bounds: the schema says what the console may send any provider, this what our server takes.
 */
export const SERVER_LIMIT_KEYWORD = 'x-dqc-reference-server';

/**
 * Converts the schemas of one direction at once: `named` become components (by export name),
 * each of `parts` comes back as its own schema, referring to the components it holds.
 */
export class SchemaSet {
  private readonly registry = z.registry<{ id: string }>();
  private readonly parts = new Map<z.ZodType, string>();
  private converted: Record<string, JsonSchema> | undefined;
  private named: Record<string, JsonSchema> | undefined;

  constructor(
    private readonly direction: Direction,
    named: Record<string, z.ZodType>,
  ) {
    for (const [name, schema] of Object.entries(named)) this.registry.add(schema, { id: name });
  }

  /** Registers a schema an operation uses; `schemaOf` gives its JSON once all are added. */
  use(schema: z.ZodType): void {
    if (this.converted) throw new Error('use(): every schema is given before the first is read');
    if (this.registry.has(schema)) return;
    const id = `${PART}${this.parts.size}`;
    this.parts.set(schema, id);
    this.registry.add(schema, { id });
  }

  /** The JSON Schema of a schema given to `use` (a reference when it is a named component). */
  schemaOf(schema: z.ZodType): JsonSchema {
    const all = this.convert();
    const id = this.parts.get(schema);
    if (id === undefined) {
      const named = this.registry.get(schema);
      if (!named) throw new Error('schemaOf: a schema that was not given to use()');
      return { $ref: `${COMPONENT_SCHEMAS}${named.id}` };
    }
    return this.inlineParts(all[id]!, all);
  }

  /** The JSON Schema itself of a schema given to `use`, even of a named component. */
  resolve(schema: z.ZodType): JsonSchema {
    const ref = this.schemaOf(schema).$ref;
    return typeof ref === 'string'
      ? this.components()[ref.slice(COMPONENT_SCHEMAS.length)]!
      : this.schemaOf(schema);
  }

  /** Every named component, by name (whether used or not: the document keeps the used ones). */
  components(): Record<string, JsonSchema> {
    const all = this.convert();
    return (this.named ??= Object.fromEntries(
      Object.entries(all)
        .filter(([id]) => !id.startsWith(PART))
        .map(([id, schema]) => [id, this.inlineParts(schema, all)]),
    ));
  }

  private convert(): Record<string, JsonSchema> {
    if (this.converted) return this.converted;
    const { schemas } = z.toJSONSchema(this.registry, {
      target: 'draft-2020-12',
      io: this.direction,
      // A schema with no JSON Schema form is a gap in the document: fail, never write `{}`.
      unrepresentable: 'throw',
      uri: (id) => `${COMPONENT_SCHEMAS}${id}`,
      override: ({ zodSchema, jsonSchema }) => {
        const limit = this.direction === 'input' ? serverLimits.get(zodSchema) : undefined;
        if (limit?.maxLength !== undefined || limit?.maxItems !== undefined)
          Object.assign(jsonSchema, {
            [SERVER_LIMIT_KEYWORD]: {
              ...(limit.maxLength !== undefined ? { maxLength: limit.maxLength } : {}),
              ...(limit.maxItems !== undefined ? { maxItems: limit.maxItems } : {}),
            },
          });
      },
    });
    this.converted = Object.fromEntries(
      Object.entries(schemas).map(([id, schema]) => [id, withoutIdentity(schema as JsonSchema)]),
    );
    return this.converted;
  }

  /** An operation's schema nested in another is written out in place: it is not a component. */
  private inlineParts(value: JsonSchema, all: Record<string, JsonSchema>): JsonSchema {
    const walk = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(walk);
      if (typeof node !== 'object' || node === null) return node;
      const ref = (node as JsonSchema).$ref;
      if (typeof ref === 'string' && ref.startsWith(`${COMPONENT_SCHEMAS}${PART}`))
        return walk(all[ref.slice(COMPONENT_SCHEMAS.length)]);
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]));
    };
    return walk(value) as JsonSchema;
  }
}

/** Each converted schema names its dialect and its own URI; in the document neither is needed. */
function withoutIdentity(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}
