/**
 * The reference server on its own, for the bulk-run scenario: startTestServer (PGlite) in a Node
 * process of its own, so that the server's work and the client's (core's run, or the plain client)
 * are on different threads, as they are when core talks to a server over the network. Says `ready`
 * with the server's address, then runs the SQL its parent sends until the parent goes away.
 */
import { startTestServer } from '../../support/testServer';
import type { ServerMessage, ServerRequest } from './serverMessages';

function send(message: ServerMessage): void {
  process.send?.(message);
}

async function main() {
  const server = await startTestServer('pglite');
  process.on('message', (request: ServerRequest) => {
    server.context.db.query(request.sql, request.params).then(
      (rows) => send({ kind: 'rows', id: request.id, rows }),
      (error: unknown) =>
        send({
          kind: 'error',
          id: request.id,
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  });
  // The parent ending (or closing the channel) ends the server: no orphan keeps the port.
  process.on('disconnect', () => {
    void server.close().finally(() => process.exit(0));
  });
  send({ kind: 'ready', url: server.url });
}

main().catch((error: unknown) => {
  send({ kind: 'failed', reason: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
