import type { z } from 'zod';
import { serverLimits, type ServerLimit } from '../../shared/bodies/fields';

/**
 * Our reference server's own length limits (recorded beside each field in
 * src/shared/bodies/fields.ts), checked on the raw request before its schema reads it. The
 * client's bridge does not apply them: they are this server's rules, not the provider's
 * (SPEC.md 5 shows no length limits).
 */

type Path = (string | number)[];

/** The schema a wrapper holds: optional, nullable, default and the input side of a transform. */
function unwrap(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
  if (def.innerType) return unwrap(def.innerType);
  if (def.type === 'pipe' && def.in) return unwrap(def.in);
  return schema;
}

function breach(limit: ServerLimit, value: unknown): string | null {
  if (typeof value === 'string' && limit.maxLength !== undefined) {
    // Characters as people count them (code points), as zod's own max does: an emoji is one.
    const length = [...(limit.trimmed ? value.trim() : value)].length;
    if (length > limit.maxLength)
      return `${limit.field} is too long for this server (at most ${limit.maxLength} characters)`;
  }
  if (Array.isArray(value) && limit.maxItems !== undefined && value.length > limit.maxItems)
    return `too many ${limit.field} for this server (at most ${limit.maxItems})`;
  return null;
}

/** Every field of `value` over this server's limit for it, as "path: sentence". */
export function serverLimitBreaches(schema: z.ZodType, value: unknown, path: Path = []): string[] {
  const found: string[] = [];
  const visit = (node: z.ZodType, at: unknown, where: Path) => {
    // Registered on the wrapper or on what it wraps.
    for (const candidate of [node, unwrap(node)]) {
      const limit = serverLimits.get(candidate);
      const sentence = limit ? breach(limit, at) : null;
      if (sentence) {
        found.push(`${where.length ? where.join('.') : 'body'}: ${sentence}`);
        return;
      }
    }
    const inner = unwrap(node);
    const def = inner._zod.def as {
      type: string;
      shape?: Record<string, z.ZodType>;
      element?: z.ZodType;
    };
    if (def.type === 'object' && def.shape && typeof at === 'object' && at !== null) {
      for (const [key, field] of Object.entries(def.shape))
        if (key in at) visit(field, (at as Record<string, unknown>)[key], [...where, key]);
    } else if (def.type === 'array' && def.element && Array.isArray(at)) {
      at.forEach((entry, index) => visit(def.element!, entry, [...where, index]));
    }
  };
  visit(schema, value, path);
  return found;
}
