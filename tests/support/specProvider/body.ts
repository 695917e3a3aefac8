/**
 * Reading request bodies and queries without a schema library: each reader either returns a value
 * of the promised type or throws an HttpError (400, or 415 for a body of the wrong media type).
 */
import { fail } from './http';

export type Fields = Record<string, unknown>;

/** What a handler gets from the request besides the state. */
export interface RequestInput {
  params: Record<string, string>;
  query: Record<string, string>;
  body: string;
  contentType: string | undefined;
}

function isJson(contentType: string | undefined): boolean {
  return (contentType ?? '').toLowerCase().startsWith('application/json');
}

function parseJson(input: RequestInput): unknown {
  if (!isJson(input.contentType)) fail(415, 'Unsupported Media Type');
  try {
    return JSON.parse(input.body) as unknown;
  } catch {
    return fail(400, 'Malformed JSON body');
  }
}

/** A JSON object body. */
export function jsonObject(input: RequestInput): Fields {
  const value = parseJson(input);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail(400, 'Expected a JSON object');
  }
  return value as Fields;
}

/** A body that is one JSON string, e.g. "reviewer1". */
export function jsonString(input: RequestInput): string {
  const value = parseJson(input);
  if (typeof value !== 'string' || value.trim() === '') {
    return fail(400, 'Expected a JSON string');
  }
  return value;
}

/** A form-encoded body. */
export function formBody(input: RequestInput): URLSearchParams {
  const type = (input.contentType ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded')) {
    return fail(415, 'Unsupported Media Type');
  }
  return new URLSearchParams(input.body);
}

/** A required, non-empty string field. */
export function str(fields: Fields, key: string): string {
  const value = fields[key];
  if (typeof value !== 'string' || value.trim() === '') return fail(400, `${key} is required`);
  return value;
}

/** An optional string field: undefined when absent, null or ''. */
export function optStr(fields: Fields, key: string): string | undefined {
  const value = fields[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') return fail(400, `${key} must be text`);
  return value;
}

/** An id that may come as a number or a string; answered as its string form. */
export function idText(fields: Fields, key: string): string {
  const value = fields[key];
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return fail(400, `${key} is required`);
}

/** A whole number that may come as a number or a string of digits. */
export function wholeNumber(fields: Fields, key: string): number {
  const value = fields[key];
  const parsed = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof parsed !== 'number' || !Number.isInteger(parsed) || parsed < 0) {
    return fail(400, `${key} must be a whole number`);
  }
  return parsed;
}

/** A flag: a boolean, or the free text 'true' / 'false' of the spec's forms (any case). */
export function flag(fields: Fields, key: string): boolean {
  const value = fields[key];
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const lower = value.trim().toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
  }
  return fail(400, `${key} must be true or false`);
}

/** An optional flag: undefined when absent or null. */
export function optFlag(fields: Fields, key: string): boolean | undefined {
  const value = fields[key];
  return value === undefined || value === null || value === '' ? undefined : flag(fields, key);
}

/** A list of strings: an array, or free text split on commas; absent or null is []. */
export function strList(fields: Fields, key: string): string[] {
  const value = fields[key];
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') {
    return value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
  }
  if (Array.isArray(value) && value.every((entry) => typeof entry === 'string')) {
    return value.map((entry: string) => entry.trim()).filter((entry) => entry !== '');
  }
  return fail(400, `${key} must be a list of text`);
}

/** A query parameter; '' when absent. */
export function queryText(input: RequestInput, key: string): string {
  return (input.query[key] ?? '').trim();
}

/** A whole-number query parameter with a default for absent or ''. */
export function queryNumber(input: RequestInput, key: string, fallback: number): number {
  const value = queryText(input, key);
  if (value === '') return fallback;
  if (!/^\d+$/.test(value)) return fail(400, `${key} must be a whole number`);
  return Number(value);
}
