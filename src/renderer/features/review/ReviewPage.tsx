import { ComingLater } from '../../ui/ComingLater';

/** Placeholder: the screen is built by a later issue. */
export default function ReviewPage() {
  return <ComingLater title="Review" />;
}
