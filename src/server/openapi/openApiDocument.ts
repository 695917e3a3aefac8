import { z } from 'zod';
import { version } from '../../../package.json';
import { type AnyCall, type BodyKind, type RefusalStatus } from '../../shared/api/call';
import { EXTENSIONS_BASE } from '../../shared/api/insight';
import { SERVED_GROUPS, type ServedGroupKind } from '../endpoints/servedGroups';
import {
  CONDITIONAL_READS,
  CONDITIONAL_WRITES,
  HEADER_PARAMETERS,
  headersOf,
  USER_ID_HEADER,
} from './headerParameters';
import { NAMED_BODIES, NAMED_RESPONSES } from './namedSchemas';
import { COMPONENT_SCHEMAS, SchemaSet, type JsonSchema } from './schemaComponents';

/**
 * The OpenAPI 3.1 document of the calls our reference server serves, built from the same
 * declarations it registers its routes from (src/shared/api, DESIGN.md "Contract"), so that a
 * provider team can read every path of SPEC.md 7 without reading our TypeScript. Written to
 * docs/api/openapi.json by `npm run openapi` and served at GET /docs/openapi.json.
 */

/** The service tags, in the order SPEC.md 7 lists them, then the extensions. */
const TAGS = [
  { name: 'auth', description: 'SPEC.md 7, Auth: the token calls, outside the ADMIN check.' },
  {
    name: 'twitter-service',
    description: 'SPEC.md 7, review and keywords of tweets, and the Twitter accounts.',
  },
  { name: 'news-service', description: 'SPEC.md 7, review and keywords of news.' },
  { name: 'nlp-service', description: 'SPEC.md 7, the two model calls.' },
  {
    name: 'configuration-service/dqc',
    description: 'SPEC.md 7, Configuration service: currencies, markets, tags, configurations.',
  },
  {
    name: 'dqc-extensions',
    description:
      'Our reference server\'s extensions beyond SPEC.md 7 (DESIGN.md, "Extensions"). Optional: ' +
      `a provider need not offer them. The console asks GET ${EXTENSIONS_BASE}/capabilities once ` +
      'per session and sends an extension call only when that list names its extension.',
  },
] as const;

type Tag = (typeof TAGS)[number]['name'];

function tagOf(kind: ServedGroupKind, path: string): Tag {
  if (kind === 'auth') return 'auth';
  if (kind === 'extensions') return 'dqc-extensions';
  const tag = TAGS.find(({ name }) => path.startsWith(`/${name}/`));
  if (!tag)
    throw new Error(`${path}: no service tag; add the service to TAGS (openApiDocument.ts)`);
  return tag.name;
}

const SECURITY_SCHEME = 'adminBearer';
const ERROR = 'Error';

/**
 * What our server answers on success when it is not 200 with a body: the declarations hold the
 * answer's shape, the status is the handler's (src/server/endpoints/reviewEndpoints.ts starts a
 * model run and answers 202 before it ends).
 */
const ACCEPTED = new Set(['tweets.createModel', 'news.createModel']);

/**
 * Calls our server answers with a stream of Server-Sent Events rather than one JSON body: the
 * declaration's response is then what each event's data holds (src/shared/api/liveEvents.ts).
 */
const EVENT_STREAMS: Record<string, string> = {
  'live.itemEvents':
    "Server-Sent Events, open until the access token expires or its session ends: `event: ready` once the server listens (after any replay), `event: item` for each write a reviewer makes to an item (its `id:` orders one item's writes; its `data:` is the JSON schema below), a comment as heartbeat every 25 s, and `event: resync` when the writes since Last-Event-ID are more than 200 to replay.",
};

const MEDIA_TYPE: Record<Exclude<BodyKind, 'none'>, string> = {
  json: 'application/json',
  jsonString: 'application/json',
  form: 'application/x-www-form-urlencoded',
};

/** One route: the calls that share its method and path (as src/server/http/serveCalls.ts does). */
interface Route {
  kind: ServedGroupKind;
  method: string;
  path: string;
  calls: { id: string; call: AnyCall }[];
}

function routesOf(): Route[] {
  const routes = new Map<string, Route>();
  for (const [kind, groups] of Object.entries(SERVED_GROUPS) as [ServedGroupKind, unknown][])
    for (const [group, calls] of Object.entries(groups as Record<string, Record<string, AnyCall>>))
      for (const [name, declared] of Object.entries(calls)) {
        const key = `${declared.method} ${declared.path}`;
        const route = routes.get(key) ?? {
          kind,
          method: declared.method.toLowerCase(),
          path: declared.path,
          calls: [],
        };
        route.calls.push({ id: `${group}.${name}`, call: declared });
        routes.set(key, route);
      }
  return [...routes.values()];
}

const hasFields = (schema: z.ZodObject) => Object.keys(schema.shape).length > 0;

/** The parameters of an object schema (path or query), each with its own schema. */
function parametersOf(input: SchemaSet, schema: z.ZodObject, where: 'path' | 'query') {
  if (!hasFields(schema)) return [];
  const json = input.resolve(schema) as {
    properties: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

function requestBodyOf(input: SchemaSet, route: Route) {
  const { bodyKind } = route.calls[0]!.call;
  if (bodyKind === 'none') return {};
  const bodies = route.calls.map(({ call }) => input.schemaOf(call.body));
  return {
    requestBody: {
      required: true,
      ...(bodyKind === 'jsonString'
        ? { description: 'One JSON string (SPEC.md 7), not an object.' }
        : {}),
      content: {
        [MEDIA_TYPE[bodyKind]]: {
          // The route's body is either call's: the first whose schema reads it handles it.
          schema: bodies.length > 1 ? { anyOf: bodies } : bodies[0],
        },
      },
    },
  };
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: `${COMPONENT_SCHEMAS}${ERROR}` } } },
});

/** A refusal that carries the item as it is now beside the sentence. */
const staleResponse = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: {
        allOf: [
          { $ref: `${COMPONENT_SCHEMAS}${ERROR}` },
          {
            type: 'object',
            properties: { current: { type: 'object', description: 'The item now.' } },
            required: ['current'],
          },
        ],
      },
    },
  },
});

const FORBIDDEN =
  "The token does not carry the ADMIN role, or a review write's body names a reviewer other than the token's user.";

/** A refusal a declaration lists (src/shared/api/call.ts, `refusals`), written out for its route. */
function declaredRefusal(status: RefusalStatus, text: string) {
  if (status === '403') return errorResponse(`${FORBIDDEN} For this call also: ${text}`);
  if (status === '412') return staleResponse(text);
  return errorResponse(text);
}

/** The refusals a route can answer with, beside its success. */
function refusalsOf(route: Route): Record<string, { $ref: string }> {
  const { call } = route.calls[0]!;
  const takesInput =
    hasFields(call.params) ||
    hasFields(call.query) ||
    call.bodyKind !== 'none' ||
    // A stream's Last-Event-ID is checked.
    route.calls[0]!.id in EVENT_STREAMS ||
    headersOf(route.calls[0]!.id).some((header) => 'required' in header && header.required);
  const codes: string[] = takesInput ? ['400'] : [];
  if (route.kind !== 'auth') codes.push('401', '403');
  else if (call.bodyKind === 'form') codes.push('401', '429');
  if (route.calls.some(({ id }) => CONDITIONAL_WRITES.has(id))) codes.push('412');
  const declared = Object.entries(call.refusals ?? {}) as [RefusalStatus, string][];
  return Object.fromEntries(
    [
      ...codes.map((code) => [code, { $ref: `#/components/responses/${code}` }] as const),
      ...declared.map(([code, text]) => [code, declaredRefusal(code, text)] as const),
    ].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

function successOf(output: SchemaSet, route: Route) {
  const { id, call } = route.calls[0]!;
  const response = call.response!;
  if (response instanceof z.ZodUndefined) return { '204': { description: 'Done; no body.' } };
  const notModified = CONDITIONAL_READS.has(id)
    ? { '304': { description: 'Not modified: the If-None-Match tag is the list as it is now.' } }
    : {};
  if (id in EVENT_STREAMS)
    return {
      '200': {
        description: EVENT_STREAMS[id],
        content: { 'text/event-stream': { schema: output.schemaOf(response) } },
      },
    };
  return {
    ...notModified,
    [ACCEPTED.has(id) ? '202' : '200']: {
      description: route.calls.length > 1 ? 'As the call that read the body answers.' : 'Done.',
      content: {
        'application/json': {
          schema:
            route.calls.length > 1
              ? { anyOf: route.calls.map((entry) => output.schemaOf(entry.call.response!)) }
              : output.schemaOf(response),
        },
      },
    },
  };
}

function operationOf(input: SchemaSet, output: SchemaSet, route: Route) {
  const { id, call } = route.calls[0]!;
  const ids = route.calls.map((entry) => entry.id);
  const tag = tagOf(route.kind, route.path);
  const descriptions = [
    ...(call.description === undefined ? [] : [call.description]),
    ...(ids.length > 1
      ? [
          `One route for ${ids.length} declared calls; the first whose body schema reads the request handles it.`,
        ]
      : []),
  ];
  return {
    tags: [tag],
    operationId: id,
    ...(descriptions.length > 0 ? { description: descriptions.join(' ') } : {}),
    // Where the call is declared: src/shared/api, by group and name.
    'x-dqc-calls': ids,
    parameters: [
      ...parametersOf(input, call.params, 'path'),
      ...parametersOf(input, call.query, 'query'),
      ...headersOf(id),
      ...(route.kind === 'auth' ? [] : [USER_ID_HEADER]),
    ],
    ...requestBodyOf(input, route),
    responses: { ...successOf(output, route), ...refusalsOf(route) },
    security: route.kind === 'auth' ? [] : [{ [SECURITY_SCHEME]: [] }],
  };
}

/** Methods in the order OpenAPI's Path Item lists them. */
const METHOD_ORDER = ['get', 'put', 'post', 'delete'];

/** Every named component the document refers to, directly or through another component. */
function referenced(document: unknown, components: Record<string, JsonSchema>): Set<string> {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== 'object' || node === null) return;
    const ref = (node as JsonSchema).$ref;
    if (typeof ref === 'string' && ref.startsWith(COMPONENT_SCHEMAS)) {
      const name = ref.slice(COMPONENT_SCHEMAS.length);
      if (!found.has(name)) {
        found.add(name);
        walk(components[name]);
      }
    }
    Object.values(node).forEach(walk);
  };
  walk(document);
  return found;
}

const sortedByKey = <T>(entries: [string, T][]) =>
  Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

/** The document, built in memory: no database, no server. */
export function buildOpenApiDocument() {
  const routes = routesOf();
  const input = new SchemaSet('input', NAMED_BODIES);
  const output = new SchemaSet('output', NAMED_RESPONSES);
  for (const { calls } of routes)
    for (const { call } of calls) {
      input.use(call.params);
      input.use(call.query);
      if (call.bodyKind !== 'none') input.use(call.body);
      if (!(call.response instanceof z.ZodUndefined)) output.use(call.response!);
    }

  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes)
    (paths[route.path] ??= {})[route.method] = operationOf(input, output, route);
  for (const [path, item] of Object.entries(paths))
    paths[path] = Object.fromEntries(
      METHOD_ORDER.filter((method) => method in item).map((method) => [method, item[method]]),
    );

  const schemas: Record<string, JsonSchema> = {
    ...input.components(),
    ...output.components(),
    [ERROR]: {
      type: 'object',
      description: 'Every refusal of our server: an OAuth-style code and a sentence for people.',
      properties: { error: { type: 'string' }, error_description: { type: 'string' } },
      required: ['error', 'error_description'],
    },
  };
  const used = referenced(paths, schemas);
  used.add(ERROR);

  return {
    openapi: '3.1.0',
    info: {
      title: 'DQC provider API',
      version,
      description:
        "The calls of SPEC.md 7 as DQC Console sends them and our reference server answers them, and the reference server's optional extensions (tag dqc-extensions). Request schemas are what the console may send; `x-dqc-reference-server` gives our server's own, tighter limits. Response schemas are what our server sends; the console reads no more than SPEC.md 7 names (src/shared/api/answers.ts). Generated from src/shared/api by `npm run openapi`.",
    },
    tags: TAGS.map((tag) => ({ ...tag })),
    paths: sortedByKey(Object.entries(paths)),
    components: {
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            "The access_token of POST /sign-in or /refresh, whose realm roles hold ADMIN (SPEC.md 6). Without a valid token 401, without ADMIN 403. Every write is recorded under the token's user.",
        },
      },
      parameters: HEADER_PARAMETERS,
      responses: {
        '400': errorResponse('The request is not valid; the sentence names each field.'),
        '401': errorResponse('No valid token, or (sign-in) wrong credentials or client.'),
        '403': errorResponse(FORBIDDEN),
        '412': staleResponse(
          "The conditional-writes extension: the If-Match version is not the item's any more. Nothing was written; `current` is the item as it is now (its version, decision, who made it and when it was last written).",
        ),
        '429': errorResponse('Too many attempts; Retry-After says when to try again.'),
      },
      schemas: sortedByKey(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  };
}
