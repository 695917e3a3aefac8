import type { ExtensionName } from '../../../shared/insight';
import { qualityReport } from '../../../shared/quality/qualityReport';
import { TEAM_AUDIT_MESSAGES } from '../../../shared/quality/teamAuditChannels';
import { BridgeFailure } from '../bridgeFailure';
import type { LocalService } from '../bridge/localServices';
import type { OwnAudit } from './auditService';
import type { TeamAudit } from './teamAudit';

/**
 * The audit channels, answered from our server's team sample when its capabilities list `audit`
 * and from the user's own sample kept by core otherwise, chosen at each call (the capabilities
 * are asked once a session: serverExtensions.ts), so the screens send the same channels to any
 * provider. Only a team sample has disagreements: against any other provider the list is empty
 * with `offered: false`, and a settlement is refused (404 NOT_OFFERED) with nothing sent.
 */
export function createAuditRouter(deps: {
  own: OwnAudit;
  team: TeamAudit;
  extensions: { offers(name: ExtensionName): Promise<boolean> };
}): LocalService<'audit'> {
  const { own, team } = deps;
  const teamOffered = () => deps.extensions.offers('audit');
  return {
    // Channels the team sample does not answer (added later) go to the user's own sample.
    ...own,
    start: async (payload, context) =>
      (await teamOffered()) ? team.start(payload, context) : own.start(payload, context),
    current: async (payload, context) =>
      (await teamOffered()) ? team.current(payload, context) : own.current(payload, context),
    next: async (payload, context) =>
      (await teamOffered()) ? team.next(payload, context) : own.next(payload, context),
    answer: async (payload, context) =>
      (await teamOffered()) ? team.answer(payload, context) : own.answer(payload, context),
    answers: async (payload, context) =>
      (await teamOffered()) ? team.answers(payload, context) : own.answers(payload, context),
    // The team's figures from the team's answers, computed here as the own ones are.
    estimates: async (payload, context) =>
      (await teamOffered())
        ? qualityReport(await team.answers(undefined, context), 'team')
        : own.estimates(payload, context),
    disagreements: async (payload, context) =>
      (await teamOffered())
        ? team.disagreements(payload, context)
        : { offered: false, disagreements: [] },
    settle: async (payload, context) => {
      if (!(await teamOffered()))
        throw new BridgeFailure(404, 'NOT_OFFERED', TEAM_AUDIT_MESSAGES.notOffered);
      return team.settle(payload, context);
    },
  };
}
