import { WarningOutlined } from '@ant-design/icons';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { QualityWarning } from '../../../shared/quality/estimatesChannel';
import { invoke } from '../../bridge/bridge';
import { sessionAtom } from '../../session/sessionAtoms';
import { warningLines, warningTitle } from './rateText';

/** The worse-after-a-model-run warning of the user's audit, as last read (null: none). */
export const qualityWarningAtom = atom<QualityWarning | null>(null);

/**
 * Reads the estimates again and keeps their warning for the top bar. Cheap: one local call that
 * computes from a few hundred stored answers, asked on sign-in, when the Quality screen loads and
 * after audit answers (never in a loop).
 */
export function useRefreshQualityWarning(): () => Promise<void> {
  const setWarning = useSetAtom(qualityWarningAtom);
  return useCallback(async () => {
    try {
      setWarning((await invoke('audit.estimates')).warning);
    } catch {
      // A help, not a duty: the last answer stays until the next read.
    }
  }, [setWarning]);
}

/** In the shell: the warning read once per signed-in user. */
export function useQualityWarningFeed(): void {
  const username = useAtomValue(sessionAtom)?.username ?? null;
  const refresh = useRefreshQualityWarning();
  const setWarning = useSetAtom(qualityWarningAtom);
  useEffect(() => {
    setWarning(null);
    if (username) void refresh();
  }, [username, refresh, setWarning]);
}

/** Readable on the bar's navy in both themes (as the shift figure beside it). */
const ON_NAVY = 'rgba(255, 255, 255, 0.9)';

/** The top bar's "Quality worse", a link to the Quality screen; absent without a warning. */
export function QualityWarningIndicator() {
  const warning = useAtomValue(qualityWarningAtom);
  if (!warning) return null;
  const label = `${warningTitle(warning)}. ${warningLines(warning).join(' ')}`;
  return (
    <Link
      to="/quality"
      className="dqc-quality-warning"
      aria-label={label}
      title={label}
      style={{ color: ON_NAVY, whiteSpace: 'nowrap' }}
    >
      <WarningOutlined aria-hidden /> Quality worse
    </Link>
  );
}
