import { useCallback, useEffect, useRef, useState } from 'react';
import type { ExportStartPayload, ExportView } from '../../../shared/export';
import { invoke, onBridgeEvent } from '../../bridge/bridge';
import { errorText } from '../../ui/errorText';
import { laterOf } from './exportText';

export interface ExportState {
  /** The export this button started last, as core last told it. */
  view: ExportView | null;
  /** Why it could not start (a refusal of core). */
  error: string | null;
  busy: 'starting' | 'cancelling' | null;
  start(payload: ExportStartPayload): Promise<void>;
  cancel(): Promise<void>;
}

/** Starts the page's download of a finished export in browser mode: a click on a link to it. */
function download(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/**
 * One export of a screen: started and cancelled through core, followed by its export.changed
 * events. Events that arrive before export.start has answered are kept, so that an export that
 * finishes at once is not missed.
 */
export function useExport(): ExportState {
  const [view, setView] = useState<ExportView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<ExportState['busy']>(null);
  const current = useRef<string | null>(null);
  const starting = useRef(false);
  const early = useRef(new Map<string, ExportView>());
  const downloaded = useRef(new Set<string>());

  useEffect(
    () =>
      onBridgeEvent((event) => {
        if (event.type !== 'export.changed') return;
        const changed = event.export;
        if (changed.id === current.current)
          setView((was) => (was ? laterOf(was, changed) : changed));
        else if (starting.current) early.current.set(changed.id, changed);
      }),
    [],
  );

  useEffect(() => {
    if (view?.status !== 'done' || !view.downloadUrl || downloaded.current.has(view.id)) return;
    downloaded.current.add(view.id);
    download(view.downloadUrl, view.fileName);
  }, [view]);

  const start = useCallback(async (payload: ExportStartPayload) => {
    setBusy('starting');
    setError(null);
    early.current.clear();
    starting.current = true;
    try {
      const started = await invoke('export.start', payload);
      current.current = started.id;
      setView(laterOf(started, early.current.get(started.id)));
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      starting.current = false;
      early.current.clear();
      setBusy(null);
    }
  }, []);

  const cancel = useCallback(async () => {
    const id = current.current;
    if (!id) return;
    setBusy('cancelling');
    try {
      const stopped = await invoke('export.cancel', { id });
      setView((was) => (was ? laterOf(was, stopped) : stopped));
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(null);
    }
  }, []);

  return { view, error, busy, start, cancel };
}
