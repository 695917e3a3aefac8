import {
  Alert,
  App as AntApp,
  Button,
  Descriptions,
  Flex,
  Progress,
  Radio,
  Spin,
  Typography,
} from 'antd';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useId, useState } from 'react';
import type { AppInfo } from '../../../shared/bridge';
import { outOfSupportText, SETTING_KEYS, type UpdateStatus } from '../../../shared/desktop';
import { THEME_CHOICES, themeChoiceAtom, useSystemDark } from '../../ui/themeChoice';
import { updateStatusAtom, useRestartToUpdate } from '../../domain/updates/updateState';
import { invoke } from '../../bridge/bridge';
import { appInfoAtom } from '../../session/sessionAtoms';
import { formatLocalTime } from '../../ui/dates';
import { errorText } from '../../ui/errorText';
import {
  API_SOURCE_TEXT,
  MEMORY_WARNING,
  NO_LOG_FOLDER_TEXT,
  PINNED_TEXT,
  PRECEDENCE_TEXT,
  SECRET_STORE_TEXT,
  SHELL_TEXT,
  settingSourceText,
} from './aboutTexts';
import type { ScreenProps } from '../../domain/screens/screens';
import { ExtensionsSection } from './ExtensionsSection';
import { KeyboardSection } from './KeyboardSection';
import { Section } from './Section';

const { Paragraph, Text, Title } = Typography;

/**
 * /about: what build and server this is, what the server offers beyond the standard API, where
 * each setting came from, updates, where the session and the logs are kept, and the theme. Everything here is read from app.info and the
 * updater; nothing on this screen changes a setting but the theme and the user's own keys.
 */
export default function AboutPage({ title }: ScreenProps) {
  const info = useAtomValue(appInfoAtom);
  return (
    <Flex vertical gap={16} className="dqc-about">
      <Title level={1} style={{ marginTop: 0, marginBottom: 0 }}>
        {title}
      </Title>
      {info ? (
        <>
          <Section title="This console">
            <Descriptions
              column={1}
              items={[
                { key: 'version', label: 'Version', children: info.version },
                { key: 'shell', label: 'Running as', children: SHELL_TEXT[info.shell] },
                ...(info.desktop.electron
                  ? [
                      {
                        key: 'electron',
                        label: 'Electron',
                        children: info.desktop.electron.version,
                      },
                    ]
                  : []),
              ]}
            />
            {info.desktop.electron?.status === 'out-of-support' && (
              <Alert
                type="warning"
                showIcon
                title={outOfSupportText(info.desktop.electron)}
                style={{ marginTop: 12 }}
              />
            )}
          </Section>
          <ServerSection info={info} />
          <ExtensionsSection />
          <SettingsSection info={info} />
          <UpdatesSection />
          <Section title="Sign-in storage">
            <SecretStore store={info.desktop.secretStore} />
          </Section>
          <LogsSection info={info} />
        </>
      ) : (
        <Spin />
      )}
      <AppearanceSection />
      <KeyboardSection />
    </Flex>
  );
}

function ServerSection({ info }: { info: AppInfo }) {
  const { apiUrlSource, settingsFiles } = info.desktop;
  const none = 'None in this shell';
  return (
    <Section title="Server">
      <Descriptions
        column={1}
        items={[
          { key: 'host', label: 'API host', children: <Text code>{info.apiUrl}</Text> },
          { key: 'source', label: 'Set by', children: API_SOURCE_TEXT[apiUrlSource] },
          {
            key: 'user',
            label: 'Your settings file',
            children: settingsFiles.user ? <Text code>{settingsFiles.user}</Text> : none,
          },
          {
            key: 'machine',
            label: 'Machine-wide settings file',
            children: settingsFiles.machine ? <Text code>{settingsFiles.machine}</Text> : none,
          },
        ]}
      />
      <Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {PRECEDENCE_TEXT}
      </Paragraph>
    </Section>
  );
}

/** Where each setting's value came from: IT's file, the user's, the environment or a default. */
function SettingsSection({ info }: { info: AppInfo }) {
  const sources = info.desktop.settingSources;
  return (
    <Section title="Settings">
      <Descriptions
        column={1}
        size="small"
        items={SETTING_KEYS.map((key) => ({
          key,
          label: <Text code>{key}</Text>,
          children: settingSourceText(key, sources[key]),
        }))}
      />
      <Paragraph type="secondary" style={{ marginBottom: 0, marginTop: 12 }}>
        {PINNED_TEXT}
      </Paragraph>
    </Section>
  );
}

/** What the updater is doing, in a sentence (and a bar while downloading). */
function UpdateState({ status }: { status: UpdateStatus | null }) {
  const restartToUpdate = useRestartToUpdate();
  if (!status) return <Text>Reading the update status…</Text>;
  switch (status.state) {
    case 'off':
      return <Text>Updates are off. {status.reason}</Text>;
    case 'idle':
      return (
        <Text>
          {status.checkedAt
            ? `Up to date. Last checked ${formatLocalTime(status.checkedAt)}.`
            : 'Not checked yet.'}
        </Text>
      );
    case 'checking':
      return (
        <Text>
          <Spin size="small" /> Checking for updates…
        </Text>
      );
    case 'downloading':
      return (
        <div>
          <Text>Downloading version {status.version}.</Text>
          <Progress
            percent={Math.round(status.percent)}
            aria-label={`Download of version ${status.version}`}
          />
        </div>
      );
    case 'ready':
      return (
        <Flex vertical gap={8} align="flex-start">
          <Text>
            Version {status.version} is ready. It installs when you quit, or now with Restart to
            update.
          </Text>
          <Button type="primary" onClick={restartToUpdate}>
            Restart to update
          </Button>
        </Flex>
      );
    case 'error':
      return (
        <Alert
          type="error"
          showIcon
          title={`The last update check failed: ${status.message}`}
          description={
            status.checkedAt
              ? `Last successful check ${formatLocalTime(status.checkedAt)}.`
              : undefined
          }
        />
      );
  }
}

function UpdatesSection() {
  const [status, setStatus] = useAtom(updateStatusAtom);
  const { message } = AntApp.useApp();
  const [checking, setChecking] = useState(false);
  const state = status?.state;
  const busy = state === 'checking' || state === 'downloading';
  const check = async () => {
    setChecking(true);
    try {
      setStatus(await invoke('app.checkForUpdates'));
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setChecking(false);
    }
  };
  return (
    <Section title="Updates">
      <Flex vertical gap={12} align="stretch">
        {/* Read out when the state changes, e.g. when a download finishes. */}
        <div role="status" aria-live="polite">
          <UpdateState status={status} />
        </div>
        {state !== 'off' && state !== 'ready' && (
          <div>
            <Button onClick={() => void check()} loading={checking} disabled={busy || !status}>
              Check for updates
            </Button>
          </div>
        )}
      </Flex>
    </Section>
  );
}

function SecretStore({ store }: { store: AppInfo['desktop']['secretStore'] }) {
  return (
    <Flex vertical gap={8}>
      <Text>{SECRET_STORE_TEXT[store]}</Text>
      {store === 'memory' && <Alert type="warning" showIcon title={MEMORY_WARNING} />}
    </Flex>
  );
}

function LogsSection({ info }: { info: AppInfo }) {
  const { message } = AntApp.useApp();
  const folder = info.desktop.logFolder;
  const open = async () => {
    try {
      await invoke('app.openLogFolder');
    } catch (error) {
      void message.error(errorText(error));
    }
  };
  return (
    <Section title="Logs">
      {folder ? (
        <Flex vertical gap={8} align="flex-start">
          <Text>
            The log files are in <Text code>{folder}</Text>.
          </Text>
          <Button onClick={() => void open()}>Open logs folder</Button>
        </Flex>
      ) : (
        <Text>{NO_LOG_FOLDER_TEXT[info.shell]}</Text>
      )}
    </Section>
  );
}

function AppearanceSection() {
  const choice = useAtomValue(themeChoiceAtom);
  const setChoice = useSetAtom(themeChoiceAtom);
  const systemDark = useSystemDark();
  const labelId = useId();
  return (
    <Section title="Appearance">
      <Flex vertical gap={8} align="flex-start">
        <Text id={labelId}>Theme</Text>
        <Radio.Group
          aria-labelledby={labelId}
          optionType="button"
          value={choice}
          options={THEME_CHOICES.map(({ value, label }) => ({ value, label }))}
          onChange={(event) => setChoice(event.target.value as typeof choice)}
        />
        <Text type="secondary">
          System follows your operating system’s setting, which is {systemDark ? 'dark' : 'light'}{' '}
          now.
        </Text>
      </Flex>
    </Section>
  );
}
