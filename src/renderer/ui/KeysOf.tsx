import { Fragment } from 'react';
import { keyLabel } from '../../shared/keys';

/**
 * Every key of one action, as people read them: the Review page's '?' overlay and the Keyboard
 * section of Settings show the same keys the same way.
 */
export function KeysOf({ keys }: { keys: readonly string[] }) {
  return (
    <>
      {/* The separator is text beside the keys, so that a row's name reads "j or ↓". */}
      {keys.map((key, index) => (
        <Fragment key={key}>
          {index > 0 && ' or '}
          <kbd>{keyLabel(key)}</kbd>
        </Fragment>
      ))}
    </>
  );
}
