import type { StoryMember, StoryView } from '../../../shared/responses/stories';
import type { RunView } from '../../../shared/runs';
import { formatLocalTime } from '../../ui/dates';

/** What a story's drawer says of its decision: none yet, or which, by whom and when. */
export function storyDecisionText(story: StoryView): string {
  if (story.decision === null) return 'Not decided yet: each copy waits for a reviewer.';
  const what = story.decision === 'select' ? 'Selected' : 'Eliminated';
  const when = story.decidedAt === null ? '' : ` at ${formatLocalTime(story.decidedAt)}`;
  return `${what} as one story by ${story.decidedBy ?? 'someone'}${when}.`;
}

/** A member's state in the story's list. */
export function memberStateText(member: StoryMember): string {
  const decision = !member.manuallyChanged
    ? 'Not decided'
    : member.selected
      ? 'Selected'
      : 'Eliminated';
  const from = member.inherited ? ', from the story' : '';
  const reviewed = member.reviewedBy === null ? '' : `, reviewed by ${member.reviewedBy}`;
  return `${decision}${from}${reviewed}`;
}

export const storyStartedText = (run: RunView) =>
  `${run.label} ${run.matched} items of the story: progress is in the top bar.`;
