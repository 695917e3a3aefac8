import type { ExtensionName } from '../../../shared/insight';
import type { CallContext } from '../bridge/callContext';
import { BridgeFailure } from '../bridgeFailure';
import type { ServerExtensions } from './serverExtensions';

type Handler = (payload: unknown, context: CallContext) => Promise<unknown>;

/** Refuses (404 NOT_OFFERED, with `text`) unless the server offers the extension. */
export async function requireOffered(
  extensions: Pick<ServerExtensions, 'offers'>,
  name: ExtensionName,
  text: string,
): Promise<void> {
  if (!(await extensions.offers(name))) throw new BridgeFailure(404, 'NOT_OFFERED', text);
}

/** A channel's handler, sent only when the server offers the extension (else NOT_OFFERED). */
export const offeredOnly =
  (extensions: Pick<ServerExtensions, 'offers'>, name: ExtensionName, text: string) =>
  (send: Handler): Handler =>
  async (payload, context) => {
    await requireOffered(extensions, name, text);
    return send(payload, context);
  };
