/**
 * docs/api/openapi.json is what a provider team reads instead of our TypeScript (docs/api/README.md):
 * it must be the document the declarations give today, and hold every call of SPEC.md 7 and every
 * extension with its method, path, parameters, body, security and tag.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  AUTH_CALLS,
  DATA_CALLS,
  EXTENSION_CALLS,
  type DeclaredCall,
} from '../../../src/shared/api';
import { pathParamNames } from '../../../src/shared/api/call';
import { EXTENSIONS_BASE } from '../../../src/shared/api/insight';
import { BULK_RUN_HEADER } from '../../../src/shared/insight';
import { buildOpenApiDocument } from '../../../src/server/openapi/openApiDocument';
import { OPENAPI_COMMAND, OPENAPI_FILE, openApiFileText } from '../../../tools/openApiFile';

interface Operation {
  tags: string[];
  'x-dqc-calls': string[];
  parameters: { name?: string; in?: string; required?: boolean; $ref?: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
  security: Record<string, string[]>[];
}

const document = buildOpenApiDocument();
const operationOf = ({ call }: DeclaredCall) =>
  (document.paths as Record<string, Record<string, Operation>>)[call.path]?.[
    call.method.toLowerCase()
  ];

describe('docs/api/openapi.json', () => {
  it('is the document the declarations give today', async () => {
    const checkedIn = existsSync(OPENAPI_FILE)
      ? readFileSync(OPENAPI_FILE, 'utf8').split('\n')
      : [];
    const fresh = (await openApiFileText()).split('\n');
    const lines = Array.from({ length: Math.max(checkedIn.length, fresh.length) }, (_, i) => i);
    const line = lines.find((index) => checkedIn[index] !== fresh[index]);
    if (line !== undefined)
      expect.fail(
        `docs/api/openapi.json is stale (first difference at line ${line + 1}): run \`${OPENAPI_COMMAND}\` and commit the file.`,
      );
  });
});

describe('the OpenAPI document', () => {
  const all = [...AUTH_CALLS, ...DATA_CALLS, ...EXTENSION_CALLS];

  it('holds every declared call by its method and path, with its path parameters', () => {
    const problems = all.flatMap((entry) => {
      const operation = operationOf(entry);
      if (!operation?.['x-dqc-calls'].includes(entry.id))
        return [`${entry.id}: no ${entry.call.method} ${entry.call.path}`];
      const inPath = operation.parameters.filter((parameter) => parameter.in === 'path');
      const names = inPath.map((parameter) => parameter.name).sort();
      const declared = pathParamNames(entry.call.path).sort();
      return names.join() === declared.join() && inPath.every((parameter) => parameter.required)
        ? []
        : [`${entry.id}: path parameters ${names.join()} for ${declared.join()}`];
    });
    expect(all.length).toBeGreaterThan(80);
    expect(problems).toEqual([]);
  });

  it('holds the path a provider team looks for, /twitter-service/filter, with its body', () => {
    const filter = operationOf(DATA_CALLS.find((entry) => entry.id === 'tweets.filter')!);
    expect(filter?.requestBody?.content['application/json']).toEqual({
      schema: { $ref: '#/components/schemas/ReviewFilterBody' },
    });
  });

  it('sends the token calls as forms, outside the ADMIN check', () => {
    for (const entry of AUTH_CALLS) {
      const operation = operationOf(entry)!;
      expect(operation.tags).toEqual(['auth']);
      expect(operation.security).toEqual([]);
      if (entry.call.bodyKind === 'form')
        expect(Object.keys(operation.requestBody!.content)).toEqual([
          'application/x-www-form-urlencoded',
        ]);
    }
    const signOut = operationOf(AUTH_CALLS.find((entry) => entry.id === 'auth.signOut')!)!;
    expect(signOut.parameters).toContainEqual(
      expect.objectContaining({ name: 'Id-Token', in: 'header', required: true }),
    );
  });

  it('puts every data call behind the ADMIN bearer token, with the User-Id header', () => {
    expect(document.components.securitySchemes.adminBearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(document.components.parameters.UserId).toMatchObject({
      name: 'User-Id',
      in: 'header',
    });
    for (const entry of [...DATA_CALLS, ...EXTENSION_CALLS]) {
      const operation = operationOf(entry)!;
      expect(operation.security, entry.id).toEqual([{ adminBearer: [] }]);
      expect(operation.parameters, entry.id).toContainEqual({
        $ref: '#/components/parameters/UserId',
      });
    }
  });

  it("lets a bulk run's review writes name the run, in item-history's header", () => {
    expect(document.components.parameters.BulkRun).toMatchObject({
      name: BULK_RUN_HEADER,
      in: 'header',
      required: false,
    });
    const writes = DATA_CALLS.filter(({ id }) =>
      /^(tweets|news)\.(manualChange|addEliminatedKeyword|reviewed)$/.test(id),
    );
    expect(writes).toHaveLength(6);
    for (const entry of writes)
      expect(operationOf(entry)!.parameters, entry.id).toContainEqual({
        $ref: '#/components/parameters/BulkRun',
      });
  });

  it('gives the catalogue reads If-None-Match and their 304', () => {
    for (const id of ['currencies.getCurrencies', 'currencies.getCurrenciesIncludes']) {
      const operation = operationOf(DATA_CALLS.find((entry) => entry.id === id)!)!;
      expect(operation.parameters, id).toContainEqual({
        $ref: '#/components/parameters/IfNoneMatch',
      });
      expect(Object.keys(operation.responses), id).toContain('304');
    }
  });

  it('tags the extensions apart, and every other call by its service', () => {
    for (const entry of EXTENSION_CALLS) {
      expect(entry.call.path.startsWith(`${EXTENSIONS_BASE}/`)).toBe(true);
      expect(operationOf(entry)!.tags, entry.id).toEqual(['dqc-extensions']);
    }
    for (const entry of DATA_CALLS) {
      const [tag] = operationOf(entry)!.tags;
      expect(tag, entry.id).not.toBe('dqc-extensions');
      expect(entry.call.path.startsWith(`/${tag}/`), `${entry.id} tagged ${tag}`).toBe(true);
    }
    expect(document.tags.map((tag) => tag.name)).toEqual([
      'auth',
      'twitter-service',
      'news-service',
      'nlp-service',
      'configuration-service/dqc',
      'dqc-extensions',
    ]);
  });

  it('names its components as OpenAPI allows', () => {
    const names = Object.values(document.components).flatMap((kind) => Object.keys(kind));
    expect(names.filter((name) => !/^[a-zA-Z0-9._-]+$/.test(name))).toEqual([]);
  });

  it('refers only to components it holds', () => {
    const text = JSON.stringify(document);
    const refs = new Set([...text.matchAll(/"\$ref":"#\/components\/(\w+)\/([^"]+)"/g)]);
    expect(refs.size).toBeGreaterThan(10);
    const components = document.components as Record<string, Record<string, unknown>>;
    const dangling = [...refs].filter(([, kind, name]) => !(name! in (components[kind!] ?? {})));
    expect(dangling.map(([ref]) => ref)).toEqual([]);
  });
});
