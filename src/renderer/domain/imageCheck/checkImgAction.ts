import { useMemo } from 'react';
import type { RecordAction } from '../../ui/resource/types';
import { useImageCheck, type ImageCheckChannel } from './imageCheck';

/**
 * A queue's row action 'Check Img' (SPEC.md 3: new currencies and new markets): asks the image
 * check of the row's unique name, and is disabled, saying why, for a row without one. For a view's
 * `useActions`: one array while the check stays, so the list keeps its actions column.
 */
export function useCheckImgAction<Row extends { uniqueName?: string | null }>(
  channel: ImageCheckChannel,
  /** 'currency', 'market': names the row in the disabled reason. */
  noun: string,
): readonly RecordAction<Row>[] {
  const { check } = useImageCheck(channel);
  return useMemo(
    () => [
      {
        label: 'Check Img',
        disabled: (row: Row) => (row.uniqueName ? null : `This ${noun} has no unique name`),
        run: (row: Row) => row.uniqueName && void check(row.uniqueName),
      },
    ],
    [check, noun],
  );
}
