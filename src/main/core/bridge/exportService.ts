import type { AxiosInstance } from 'axios';
import type { BridgeEvent } from '../../../shared/bridge';
import type { SessionValues } from '../api/sendCall';
import type { SaveFilesPort } from '../desktop/desktopPorts';
import { ExportManager } from '../export/exportManager';
import type { Logger } from '../log';
import type { ReviewCalls } from '../runs/reviewCalls';
import type { LocalService } from './localServices';

export interface ExportHandlersDeps {
  api: AxiosInstance;
  fromSession: SessionValues;
  /** The review filter's calls, as bulk runs page them. */
  calls: ReviewCalls;
  files: SaveFilesPort | null;
  /** Browser mode's and tests' folder for files before they are downloaded. */
  tempDir: string | null;
  emit(event: BridgeEvent): void;
  log: Logger;
}

/**
 * The export service behind the export.* channels: core writes the file (export/exportManager.ts).
 * An export goes on after its call has answered, so it reads the session through `fromSession`.
 */
export function createExportService(deps: ExportHandlersDeps): LocalService<'export'> {
  const exports = new ExportManager(deps);
  return {
    start: (payload) => exports.start(payload),
    cancel: ({ id }) => exports.cancel(id),
  };
}
