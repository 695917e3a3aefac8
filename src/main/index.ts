import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  net,
  powerMonitor,
  protocol,
  safeStorage,
  screen,
  shell,
  utilityProcess,
} from 'electron';
import log from 'electron-log/main';
import { autoUpdater } from 'electron-updater';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { IPC_EVENT_CHANNEL, type BridgeEvent } from '../shared/bridge';
import { outOfSupportText } from '../shared/desktop';
import {
  APP_ENTRY_URL,
  APP_SCHEME,
  APP_SCHEME_PRIVILEGES,
  createAppProtocolHandler,
} from './appProtocol';
import { registerAppLinks, type AppLinks } from './appLinks';
import { createCore } from './core/createCore';
import { createSaveFilesPort } from './saveFiles';
import { startDemoServer, type DemoServer } from './core/demoServer';
import { electronSupport } from './core/desktop/electronSupport';
import { machineSettingsDialog } from './core/desktop/settingsDialog';
import { updatePlan, updatesFor, type RunningUpdates } from './core/desktop/updater';
import { packagedAppProbe, readSigningFacts } from './core/desktop/updateSigning';
import { chooseSecretStore } from './core/secrets/chooseSecretStore';
import { keytarCandidate } from './core/secrets/keytarSecretStore';
import { safeStorageCandidate } from './core/secrets/safeStorageSecretStore';
import { apiUrlSourceOf, machineSettingsPath, settingsReport } from './core/settings';
import { placeWindow } from './core/windowState';
import { keepYoungGenerationSmall } from './core/youngGeneration';
import { systemBrowserLinks } from './externalLinks';
import { registerBridgeIpc } from './ipc';
import { configureLogFile, keepLogsInMain, logFolderPort, logLevelFrom } from './logging';
import { menuTemplate } from './menu';
import { markStaleOnWake } from './power';
import {
  appUrlMatcher,
  CONTENT_SECURITY_POLICY,
  createMainWindow,
  denyAllPermissions,
  enforceCsp,
  hardenWebContents,
} from './window';
import { readWindowState, rememberWindowState, restoreZoom } from './windowStateFile';

/** Electron glue: lifecycle, window, IPC, menu. Everything with logic lives in ./core. */

const isDev = !app.isPackaged && Boolean(process.env.ELECTRON_RENDERER_URL);
let mainWindow: BrowserWindow | null = null;
let demoServer: DemoServer | null = null;
let updates: RunningUpdates | null = null;
let appLinks: AppLinks | null = null;
/** Gives the user's queue claims back on quit (the claims extension); null before core is up. */
let releaseClaims: (() => Promise<void>) | null = null;

const readOptional = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : null);

// First: core's young generation stays small for the whole run (youngGeneration.ts).
keepYoungGenerationSmall();
// Before ready, as Electron requires: the packaged renderer is served from app://dqc, never file://.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);
// Never log.initialize(): it would inject a preload and an IPC channel outside the sender check.
keepLogsInMain(log, ipcMain);
// First, before anything is logged: every line redacted, main.log rotated (docs/configuration.md,
// Secrets, logs and data kept on this machine).
const logFolder = app.getPath('logs');
configureLogFile(log, { folder: logFolder, level: logLevelFrom(process.env.DQC_LOG_LEVEL) });

async function start(): Promise<void> {
  // An Electron release out of support gets no security fixes: said in the log and on About.
  const electron = electronSupport(process.versions.electron ?? '', new Date());
  if (electron.status === 'out-of-support') log.warn(outOfSupportText(electron));
  const userData = app.getPath('userData');
  const settingsFiles = {
    user: join(userData, 'settings.json'),
    machine: machineSettingsPath(process.platform),
  };
  const report = settingsReport({
    env: process.env,
    userFile: settingsFiles.user,
    machineFile: settingsFiles.machine,
    readFile: readOptional,
    log: log,
  });
  const { settings } = report;
  const settingsDialog = machineSettingsDialog(report.problems, settingsFiles.machine);
  // Not awaited: the app starts meanwhile, on the settings that did load.
  if (settingsDialog) void dialog.showMessageBox({ type: 'warning', ...settingsDialog });

  let apiUrl = settings.apiUrl;
  if (!apiUrl) {
    demoServer = await startDemoServer(
      (env) =>
        utilityProcess.fork(join(__dirname, 'server.js'), [], {
          env: { ...process.env, ...env },
          stdio: 'pipe',
          serviceName: 'DQC demo server',
        }),
      { dataDir: join(userData, 'demo-data'), passwordKey: settings.passwordKey },
    );
    apiUrl = demoServer.url;
    log.info(`Demo server at ${apiUrl}`);
  }

  const sessionFile = join(userData, 'session.bin');
  const secrets = await chooseSecretStore(
    [
      keytarCandidate(settings.keychainService),
      safeStorageCandidate(
        safeStorage,
        process.platform,
        {
          read: () => (existsSync(sessionFile) ? readFileSync(sessionFile) : null),
          write: (data) => writeFileSync(sessionFile, data, { mode: 0o600 }),
          remove: () => rmSync(sessionFile, { force: true }),
        },
        log,
      ),
    ],
    log,
  );

  // Updates install only what the build can check came from its own publisher (updateSigning.ts).
  const signing = app.isPackaged
    ? await readSigningFacts(
        packagedAppProbe({
          platform: process.platform,
          resourcesPath: process.resourcesPath,
          execPath: process.execPath,
        }),
      )
    : ({ platform: 'other' } as const);
  // electron-updater is only touched when the plan says updates are on.
  const running = updatesFor(
    updatePlan(report, { packaged: app.isPackaged, machineFile: settingsFiles.machine, signing }),
    () => {
      autoUpdater.logger = log;
      return autoUpdater;
    },
    log,
  );
  updates = running;
  const core = createCore({
    settings,
    apiUrl,
    demo: demoServer !== null,
    shell: 'electron',
    version: app.getVersion(),
    secrets,
    log,
    fetch: net.fetch as unknown as typeof fetch,
    apiUrlSource: apiUrlSourceOf(report),
    settingSources: report.sourceOf,
    settingsFiles,
    logFolder: logFolderPort(logFolder, (path) => shell.openPath(path)),
    updates: running,
    electron,
    links: systemBrowserLinks(shell),
    dataDir: userData,
    files: createSaveFilesPort(() => mainWindow),
  });
  markStaleOnWake(powerMonitor, process.platform, () => core.session.markStale());
  releaseClaims = () => core.releaseClaims();

  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler({
      root: join(__dirname, '../renderer'),
      contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    }),
  );
  const isAppUrl = appUrlMatcher(isDev ? process.env.ELECTRON_RENDERER_URL : undefined);
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, isAppUrl));
  registerBridgeIpc(ipcMain, () => mainWindow, isAppUrl, core.dispatch, log);
  core.onEvent((event) => mainWindow?.webContents.send(IPC_EVENT_CHANNEL, event));

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate({
        // With decisions waiting to be sent, the page asks first (its Log Out's question);
        // otherwise, or without a page, core signs out at once.
        signOut: () => {
          const username = core.session.view().username;
          if (mainWindow && username !== null && core.outbox.waitingCount(username) > 0)
            mainWindow.webContents.send(IPC_EVENT_CHANNEL, {
              type: 'app.signOutAsked',
            } satisfies BridgeEvent);
          else void core.session.signOut('user');
        },
        reload: () => mainWindow?.webContents.reload(),
        devTools: isDev,
        isMac: process.platform === 'darwin',
      }),
    ),
  );

  const stateFile = join(userData, 'window-state.json');
  const savedWindow = readWindowState(stateFile);
  const placement = placeWindow(
    savedWindow,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const { maximized, ...bounds } = placement;
  mainWindow = createMainWindow({
    preloadPath: join(__dirname, '../preload/index.js'),
    bounds,
    devTools: isDev,
    title: demoServer ? 'DQC Console — demo data' : 'DQC Console',
  });
  denyAllPermissions(mainWindow.webContents.session);
  enforceCsp(mainWindow.webContents.session);
  if (maximized) mainWindow.maximize();
  restoreZoom(mainWindow.webContents, savedWindow?.zoomLevel ?? 0);
  rememberWindowState(mainWindow, stateFile);
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
  // A dqc-console:// link that launched the app opens its screen (a hash route) at once.
  const launchTarget = appLinks?.takeLaunchTarget() ?? null;
  const screenHash = launchTarget ? `#${launchTarget}` : '';
  if (isDev && process.env.ELECTRON_RENDERER_URL)
    await mainWindow.loadURL(`${process.env.ELECTRON_RENDERER_URL}${screenHash}`);
  else await mainWindow.loadURL(`${APP_ENTRY_URL}${screenHash}`);
  // After the page is up, so its update notice hears the first check.
  running.start();
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // Before ready: macOS hands the link that launched the app by open-url before it is ready. A
  // second launch (and its link) comes to this instance through second-instance.
  appLinks = registerAppLinks({
    app,
    argv: process.argv,
    getWindow: () => mainWindow,
    registerWithOs: app.isPackaged,
    log,
  });
  app.on('window-all-closed', () => app.quit());
  // A quit first gives the user's queue claims back to the team (at most RELEASE_WAIT_MS), then
  // quits for real; leases it could not release run out on their own.
  app.on('before-quit', (event) => {
    const release = releaseClaims;
    if (!release) return;
    releaseClaims = null;
    event.preventDefault();
    void release().finally(() => app.quit());
  });
  app.on('will-quit', () => {
    updates?.stop();
    demoServer?.stop();
  });
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      log.error('DQC Console failed to start:', error);
      // Say why, rather than vanish: the usual cause is a bad setting or a blocked demo server.
      dialog.showErrorBox(
        'DQC Console could not start',
        error instanceof Error ? error.message : String(error),
      );
      app.quit();
    });
}
