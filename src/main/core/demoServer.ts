/**
 * Starts the embedded reference server in a separate process and waits for its ready line. The
 * process itself is made by the host: Electron's utilityProcess, or Node's child_process in
 * browser mode; core only needs something with a stdout and a way to stop it.
 */
export interface ChildLike {
  stdout: { on(event: 'data', listener: (chunk: Buffer | string) => void): unknown } | null;
  stderr?: { on(event: 'data', listener: (chunk: Buffer | string) => void): unknown } | null;
  once(event: 'exit', listener: (code: number | null) => void): unknown;
  kill(): unknown;
}

export const READY_LINE_PATTERN = /DQC reference server listening on (http:\/\/127\.0\.0\.1:\d+)/;

export interface DemoServer {
  url: string;
  stop(): void;
}

export function startDemoServer(
  spawn: (env: Record<string, string>) => ChildLike,
  options: { dataDir: string; passwordKey: string; timeoutMs?: number },
): Promise<DemoServer> {
  const child = spawn({
    DQC_SERVER_PORT: '0',
    DQC_DATA_DIR: options.dataDir,
    DQC_PASSWORD_KEY: options.passwordKey,
  });
  return new Promise((resolve, reject) => {
    let output = '';
    let errors = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(
        new Error(
          `The demo server did not start within ${(options.timeoutMs ?? 60_000) / 1000} s.`,
        ),
      );
    }, options.timeoutMs ?? 60_000);
    child.stdout?.on('data', (chunk) => {
      output += chunk.toString();
      const match = READY_LINE_PATTERN.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ url: match[1], stop: () => child.kill() });
      }
    });
    child.stderr?.on('data', (chunk) => {
      errors = (errors + chunk.toString()).slice(-2000);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(`The demo server exited (code ${code}) before it was ready. ${errors.trim()}`),
      );
    });
  });
}
