import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import type { AuditProgress } from '../../../shared/quality/auditChannels';
import type { AuditEstimates } from '../../../shared/quality/estimatesChannel';
import { invoke } from '../../bridge/bridge';
import { qualityWarningAtom } from '../../domain/audit/qualityWarning';
import { errorText } from '../../ui/errorText';

export type QualityData =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; progress: AuditProgress; estimates: AuditEstimates };

async function readQuality(): Promise<QualityData> {
  try {
    const [progress, estimates] = await Promise.all([
      invoke('audit.current'),
      invoke('audit.estimates'),
    ]);
    return { status: 'ready', progress, estimates };
  } catch (error) {
    return { status: 'failed', message: errorText(error) };
  }
}

/**
 * The audit's progress and its estimates, read when the screen opens and again on `reload` (after
 * a new sample is drawn). The estimates' warning also goes to the top bar's indicator.
 */
export function useQualityData(): { data: QualityData; reload: () => Promise<void> } {
  const [data, setData] = useState<QualityData>({ status: 'loading' });
  const setWarning = useSetAtom(qualityWarningAtom);
  const show = useCallback(
    (read: QualityData) => {
      if (read.status === 'ready') setWarning(read.estimates.warning);
      setData(read);
    },
    [setWarning],
  );
  const reload = useCallback(async () => show(await readQuality()), [show]);
  useEffect(() => {
    let shown = true;
    void readQuality().then((read) => {
      if (shown) show(read);
    });
    return () => {
      shown = false;
    };
  }, [show]);
  return { data, reload };
}
