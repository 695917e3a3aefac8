import type { AxiosInstance } from 'axios';
import type { BridgeEvent } from '../../../shared/bridge';
import type { SessionValues } from '../api/sendCall';
import { BridgeFailure } from '../bridgeFailure';
import type { SaveFilesPort } from '../desktop/desktopPorts';
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

/** TODO(issue 23): exports. Until then every channel says it is not there. */
export function createExportHandlers(
  deps: ExportHandlersDeps,
): Pick<BridgeHandlers, ExportChannel> {
  void deps;
  const missing = async (): Promise<never> => {
    throw new BridgeFailure(501, 'NOT_BUILT', 'Not built yet.');
  };
  return { 'export.start': missing, 'export.cancel': missing };
}
