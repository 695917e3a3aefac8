import { z } from 'zod';
import * as accountBodies from '../../shared/bodies/account';
import * as auditBodies from '../../shared/bodies/audit';
import * as configurationBodies from '../../shared/bodies/configuration';
import * as currencyBodies from '../../shared/bodies/currency';
import * as fieldBodies from '../../shared/bodies/fields';
import * as insightBodies from '../../shared/bodies/insight';
import * as marketBodies from '../../shared/bodies/market';
import * as reviewBodies from '../../shared/bodies/review';
import * as reviewFilterBodies from '../../shared/bodies/reviewFilter';
import * as tagBodies from '../../shared/bodies/tag';
import * as accountResponses from '../../shared/responses/account';
import * as auditResponses from '../../shared/responses/audit';
import * as authResponses from '../../shared/responses/auth';
import * as commonResponses from '../../shared/responses/common';
import * as configurationResponses from '../../shared/responses/configuration';
import * as currencyResponses from '../../shared/responses/currency';
import * as insightResponses from '../../shared/responses/insight';
import * as marketResponses from '../../shared/responses/market';
import * as reviewResponses from '../../shared/responses/review';
import * as tagResponses from '../../shared/responses/tag';
import { componentName } from './schemaComponents';

/**
 * The schemas the document names as components: every schema src/shared/bodies (requests) and
 * src/shared/responses (our server's answers) export, named after its export ('tweetItemSchema'
 * is TweetItem). A module added there must be added here; one left out is only written inline.
 */

function namedOf(modules: object[]): Record<string, z.ZodType> {
  const named: Record<string, z.ZodType> = {};
  for (const module of modules)
    for (const [exportName, value] of Object.entries(module))
      // No body (sign-out's 204) is no schema at all.
      if (value instanceof z.ZodType && !(value instanceof z.ZodUndefined))
        named[componentName(exportName)] = value;
  return named;
}

export const NAMED_BODIES = namedOf([
  accountBodies,
  auditBodies,
  configurationBodies,
  currencyBodies,
  fieldBodies,
  insightBodies,
  marketBodies,
  reviewBodies,
  reviewFilterBodies,
  tagBodies,
]);

export const NAMED_RESPONSES = namedOf([
  accountResponses,
  auditResponses,
  authResponses,
  commonResponses,
  configurationResponses,
  currencyResponses,
  insightResponses,
  marketResponses,
  reviewResponses,
  tagResponses,
]);

// One components namespace holds both: a name may not stand for two schemas.
for (const name of Object.keys(NAMED_BODIES))
  if (name in NAMED_RESPONSES)
    throw new Error(`${name} is exported by src/shared/bodies and src/shared/responses both`);
