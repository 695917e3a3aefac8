import type { AxiosInstance } from 'axios';
import type { BridgeEvent } from '../../../shared/bridge';
import type { SessionValues } from '../api/sendCall';
import type { SaveFilesPort } from '../desktop/desktopPorts';
import { ExportManager } from '../export/exportManager';
import type { Logger } from '../log';
import type { ReviewCalls } from '../runs/reviewCalls';
import type { BridgeHandlers } from './dispatcher';

export type ExportChannel = 'export.start' | 'export.cancel';

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

/** The export.* channels: core writes the file (export/exportManager.ts). */
export function createExportHandlers(
  deps: ExportHandlersDeps,
): Pick<BridgeHandlers, ExportChannel> {
  const exports = new ExportManager(deps);
  return {
    'export.start': (payload) => exports.start(payload),
    'export.cancel': ({ id }) => exports.cancel(id),
  };
}
