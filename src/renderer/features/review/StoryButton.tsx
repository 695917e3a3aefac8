import { Button } from 'antd';
import { memo } from 'react';
import type { StoryView } from '../../../shared/responses/stories';

interface Props {
  story: StoryView;
  onOpen(story: StoryView): void;
}

/** "+12 similar": the other items of the card's story, which opens it (StoryDrawer.tsx). */
export const StoryButton = memo(function StoryButton({ story, onOpen }: Props) {
  const others = story.members - 1;
  if (others < 1) return null;
  return (
    <Button
      size="small"
      type="link"
      onClick={() => onOpen(story)}
      // The visible text first, then what it opens (axe: label-content-name-mismatch).
      aria-label={`+${others} similar: open the story of ${story.members} items`}
    >
      {`+${others} similar`}
    </Button>
  );
});
