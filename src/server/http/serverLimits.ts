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

/**
 * What the walk of a schema meets, worked out once per schema: the limits on a node (on the
 * wrapper, then on what it wraps) and the fields or entries below it that hold one. A part of the
 * schema with no limit anywhere under it is left out, since walking it could find nothing. Reading
 * zod's internals and the registry on every request cost more than the checks themselves
 * (docs/performance.md, The server and the catalogue: body limits are planned once per schema).
 */
interface Plan {
  limits: ServerLimit[];
  fields: [string, Plan][];
  element: Plan | null;
}

const plans = new WeakMap<z.ZodType, Plan | null>();

function planOf(node: z.ZodType): Plan | null {
  const known = plans.get(node);
  if (known !== undefined) return known;
  // No body schema refers to itself; were one to, its inner mention would count as limitless
  // rather than recurse for ever.
  plans.set(node, null);
  const inner = unwrap(node);
  const limits = [node, inner].flatMap((candidate) => {
    const limit = serverLimits.get(candidate);
    return limit ? [limit] : [];
  });
  const def = inner._zod.def as {
    type: string;
    shape?: Record<string, z.ZodType>;
    element?: z.ZodType;
  };
  const fields: [string, Plan][] = [];
  let element: Plan | null = null;
  if (def.type === 'object' && def.shape) {
    for (const [key, field] of Object.entries(def.shape)) {
      const plan = planOf(field);
      if (plan) fields.push([key, plan]);
    }
  } else if (def.type === 'array' && def.element) {
    element = planOf(def.element);
  }
  const plan =
    limits.length > 0 || fields.length > 0 || element ? { limits, fields, element } : null;
  plans.set(node, plan);
  return plan;
}

/** Every field of `value` over this server's limit for it, as "path: sentence". */
export function serverLimitBreaches(schema: z.ZodType, value: unknown, path: Path = []): string[] {
  const found: string[] = [];
  const visit = (plan: Plan, at: unknown, where: Path) => {
    // The first limit a node breaks is the one named; what is under it is not looked at.
    for (const limit of plan.limits) {
      const sentence = breach(limit, at);
      if (sentence) {
        found.push(`${where.length ? where.join('.') : 'body'}: ${sentence}`);
        return;
      }
    }
    if (typeof at !== 'object' || at === null) return;
    if (plan.element) {
      if (Array.isArray(at)) {
        const element = plan.element;
        at.forEach((entry, index) => visit(element, entry, [...where, index]));
      }
      return;
    }
    for (const [key, field] of plan.fields)
      if (key in at) visit(field, (at as Record<string, unknown>)[key], [...where, key]);
  };
  const plan = planOf(schema);
  if (plan) visit(plan, value, path);
  return found;
}
