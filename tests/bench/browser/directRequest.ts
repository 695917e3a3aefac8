import { REVIEW_GROUPS } from '../../../src/shared/api';
import { fillPath, splitPayload, type AnyCall } from '../../../src/shared/api/call';
import type { CoreCredentials } from './coreMessages';
import type { DirectRequest } from './inPage';

/**
 * The HTTP request core sends for a declared call and a payload (src/main/core/api/sendCall.ts
 * and apiClient.ts): the same path, query, body encoding and headers, so that a direct fetch of
 * it asks the server for exactly the same work. `payload` is as core has it after its schema.
 */
export function directRequestOf(
  declared: AnyCall,
  payload: Record<string, unknown>,
  credentials: CoreCredentials,
  username: string,
): DirectRequest {
  const { params, query, body } = splitPayload(declared, payload);
  const filled: Record<string, unknown> = { ...body };
  let wholeBody: string | undefined;
  for (const field of Object.keys(declared.fromSession)) {
    if (field === 'body') wholeBody = username;
    else filled[field] = username;
  }
  const search = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const headers: Record<string, string> = {};
  if (credentials.accessToken) headers.Authorization = `Bearer ${credentials.accessToken}`;
  if (credentials.userId) headers['User-Id'] = credentials.userId;
  let text: string | null = null;
  if (declared.bodyKind === 'json') {
    headers['Content-Type'] = 'application/json';
    text = JSON.stringify(filled);
  } else if (declared.bodyKind === 'jsonString') {
    headers['Content-Type'] = 'application/json';
    text = JSON.stringify(wholeBody ?? '');
  } else if (declared.bodyKind === 'form') {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    text = new URLSearchParams(
      Object.entries(filled)
        .filter(([, v]) => v !== undefined && v !== null)
        .map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
  }
  return {
    method: declared.method,
    path: `${fillPath(declared.path, params)}${search ? `?${search}` : ''}`,
    headers,
    body: text,
  };
}

/** review.list's three requests for a tweets filter (reviewListHandler.ts). */
export function reviewListRequests(
  filter: Record<string, unknown>,
  credentials: CoreCredentials,
  username: string,
): DirectRequest[] {
  const calls = REVIEW_GROUPS.tweets;
  return [
    directRequestOf(calls.filter, filter, credentials, username),
    directRequestOf(calls.count, filter, credentials, username),
    directRequestOf(calls.count, { ...filter, isReviewed: 'true' }, credentials, username),
  ];
}
