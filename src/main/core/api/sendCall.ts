import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import type { AnyCall } from '../../../shared/api/call';
import { fillPath, splitPayload } from '../../../shared/api/call';
import { badAnswer } from '../bridge/serverAnswer';
import { parseAnswerText } from './answerText';
import { refuseAnotherName } from './signedInName';
import type { SessionValues } from './sessionValues';

export { parseAnswerText };

export type { SessionValues };

/** The answer is read here, not by axios: an empty 204, a bare "OK" and JSON alike. */
export const READ_AS_TEXT = {
  responseType: 'text',
  transformResponse: [(raw: unknown) => raw],
} satisfies AxiosRequestConfig;

const JSON_HEADERS = { 'Content-Type': 'application/json' };
const FORM_HEADERS = { 'Content-Type': 'application/x-www-form-urlencoded' };

/**
 * The fields a call takes from the session, with their values. The session's name is sent; one
 * the payload gives must be the same, or this refuses (403) before anything is sent: a caller that
 * reads before it writes (a card's decision, checked first) asks this before its read.
 */
export function sessionFieldsOf(
  declared: AnyCall,
  payload: Record<string, unknown>,
  fromSession: SessionValues,
): [string, string][] {
  return Object.entries(declared.fromSession).map(([field, source]) => {
    const value = fromSession(source);
    refuseAnotherName(payload[field], value);
    return [field, value];
  });
}

/**
 * The one caller of every declared provider call: fills the path, query and body from a payload
 * core has already checked (the reviewer from the session, refusing a payload that names someone
 * else: signedInName.ts), encodes the body the way the declaration says, and reads the answer
 * as-is (src/shared/api/answers.ts). Authorization, User-Id and the 401/403 refresh-and-retry are
 * the API client's (apiClient.ts); a non-2xx rejects from there with its status.
 */
export async function sendCall(
  api: AxiosInstance,
  declared: AnyCall,
  payload: Record<string, unknown>,
  fromSession: SessionValues,
  /** Told the answer's status (the journal records it): any 2xx is a success. */
  onStatus?: (status: number) => void,
  /**
   * Headers of an extension (DESIGN.md, Extensions: the bulk run a write belongs to), only where
   * offered.
   */
  extraHeaders?: Record<string, string>,
): Promise<unknown> {
  const { params, query, body } = splitPayload(declared, payload);
  const filled: Record<string, unknown> = { ...body };
  let wholeBody: string | undefined;
  for (const [field, value] of sessionFieldsOf(declared, payload, fromSession)) {
    if (field === 'body') wholeBody = value;
    else filled[field] = value;
  }

  const config: AxiosRequestConfig = {
    method: declared.method,
    url: fillPath(declared.path, params),
    params: query,
    ...READ_AS_TEXT,
  };
  switch (declared.bodyKind) {
    case 'json':
      config.data = filled;
      config.headers = JSON_HEADERS;
      break;
    case 'jsonString':
      config.data = JSON.stringify(wholeBody ?? '');
      config.headers = JSON_HEADERS;
      break;
    case 'form':
      config.data = new URLSearchParams(
        Object.entries(filled)
          .filter(([, value]) => value !== undefined && value !== null)
          .map(([key, value]): [string, string] => [key, String(value)]),
      ).toString();
      config.headers = FORM_HEADERS;
      break;
    case 'none':
      // No body, so no content type either (axios would otherwise name a form).
      config.headers = { 'Content-Type': false };
      break;
  }

  if (extraHeaders) config.headers = { ...config.headers, ...extraHeaders };
  const response = await api.request<unknown>(config);
  onStatus?.(response.status);
  const read = declared.answer.safeParse(parseAnswerText(response.data));
  if (!read.success) badAnswer(declared.describe);
  return read.data;
}
