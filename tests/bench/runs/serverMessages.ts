/** The messages between the bulk-run scenario and its reference server process (serverChild.ts). */
export interface ServerRequest {
  id: number;
  sql: string;
  params: unknown[];
}

export type ServerMessage =
  | { kind: 'ready'; url: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'rows'; id: number; rows: unknown[] }
  | { kind: 'error'; id: number; message: string };
