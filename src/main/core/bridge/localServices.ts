import { BRIDGE_CHANNELS, CHANNELS, type BridgeChannel } from '../../../shared/bridge';
import type { BridgeHandler, BridgeHandlers } from './dispatcher';

/** The local channels of a group: 'runs' gives 'runs.start', 'runs.list', … */
export type GroupChannel<G extends string> = {
  [C in BridgeChannel]: C extends `${G}.${string}`
    ? (typeof CHANNELS)[C]['kind'] extends 'local'
      ? C
      : never
    : never;
}[BridgeChannel];

/**
 * A local service as its channels declare it (src/shared/bridge.ts, `service(result, payload)`):
 * one method per channel of its group, named after the channel ('runs.start' is `start`), taking
 * the checked payload and the call's context and answering the declared result.
 */
export type LocalService<G extends string> = {
  [C in GroupChannel<G> as C extends `${G}.${infer M}` ? M : never]: BridgeHandler<C>;
};

/**
 * Binds every local channel of a group to its service's method of the same name, so that a
 * service is wired by its declaration (src/shared/bridge.ts) rather than by a handler per channel.
 * A declared channel the service lacks is refused here, when core is assembled, not on first use.
 */
export function bindService<G extends string>(
  group: G,
  service: LocalService<G>,
): Pick<BridgeHandlers, GroupChannel<G>> {
  const methods = service as unknown as Record<string, unknown>;
  const bound: Partial<Record<BridgeChannel, unknown>> = {};
  for (const channel of BRIDGE_CHANNELS) {
    if (CHANNELS[channel].kind !== 'local' || !channel.startsWith(`${group}.`)) continue;
    const name = channel.slice(group.length + 1);
    const method = methods[name];
    if (typeof method !== 'function')
      throw new Error(`The ${group} service has no ${name} for the channel ${channel}.`);
    bound[channel] = (payload: unknown, context: unknown) =>
      (method as (p: unknown, c: unknown) => unknown).call(service, payload, context);
  }
  return bound as Pick<BridgeHandlers, GroupChannel<G>>;
}
