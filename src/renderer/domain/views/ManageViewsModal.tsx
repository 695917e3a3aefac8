import { Alert, App as AntApp, Button, Input, Modal, Space, Typography } from 'antd';
import { useSetAtom } from 'jotai';
import { useRef, useState, type ChangeEvent } from 'react';
import type { SavedView } from '../../../shared/prefs';
import { invoke } from '../../bridge/bridge';
import { errorText } from '../../ui/errorText';
import { prefsViewAtom, usePrefsChange } from '../prefs/prefsState';
import { importedText, moved, useScreenViews } from './viewsState';

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;
const ITEM_STYLE = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 8,
  padding: '8px 0',
} as const;

/**
 * Manage views: rename (in place), move up and down, delete; Export views writes every screen's
 * views to a file (a save dialog in the desktop app, a download in browser mode) and Import views
 * adds a file's views after the user's own. Each change goes to core at once; what core refuses
 * (a name already used) is said beside the view and the typed name stays.
 */
export function ManageViewsModal({ path, onClose }: { path: string; onClose(): void }) {
  const views = useScreenViews(path);
  const change = usePrefsChange();
  const setPrefsView = useSetAtom(prefsViewAtom);
  const { message } = AntApp.useApp();
  const [editing, setEditing] = useState<{ id: string; name: string; error?: string } | null>(null);
  const [notice, setNotice] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const put = async (next: SavedView[]) => {
    try {
      await change('prefs.setViews', { path, views: next });
      return null;
    } catch (error) {
      return errorText(error);
    }
  };
  const report = (failure: string | null) => {
    if (failure) setNotice({ type: 'error', text: failure });
  };

  const rename = async () => {
    if (!editing) return;
    const name = editing.name.trim();
    if (!name) {
      setEditing({ ...editing, error: 'A view needs a name' });
      return;
    }
    const failure = await put(views.map((v) => (v.id === editing.id ? { ...v, name } : v)));
    if (failure) setEditing({ ...editing, error: failure });
    else setEditing(null);
  };

  const exportViews = async () => {
    setNotice(null);
    try {
      const result = await invoke('prefs.exportViews');
      if (result.status === 'failed') setNotice({ type: 'error', text: result.message ?? '' });
      else if (result.status === 'done' && result.downloadUrl) {
        // Browser mode: core wrote the file; the page downloads it from loopback once.
        const link = document.createElement('a');
        link.href = result.downloadUrl;
        link.download = result.fileName;
        document.body.appendChild(link);
        link.click();
        link.remove();
        void message.success(`Views exported to ${result.fileName}.`);
      } else if (result.status === 'done')
        void message.success(`Views saved to ${result.savedTo ?? result.fileName}.`);
    } catch (error) {
      setNotice({ type: 'error', text: errorText(error) });
    }
  };

  const importViews = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a fix: the input forgets it.
    event.target.value = '';
    if (!file) return;
    setNotice(null);
    try {
      const text = await file.text();
      const result = await invoke('prefs.importViews', { text });
      setPrefsView((previous) => ({
        sessionStartedAt: previous?.sessionStartedAt ?? null,
        prefs: result.prefs,
      }));
      setNotice({ type: 'success', text: importedText(result.added, result.skipped) });
    } catch (error) {
      setNotice({ type: 'error', text: errorText(error) });
    }
  };

  return (
    <Modal
      open
      title="Manage views"
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={() => void exportViews()}>Export views</Button>
          <Button onClick={() => fileInput.current?.click()}>Import views</Button>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            aria-label="Views file to import"
            style={{ display: 'none' }}
            onChange={(event) => void importViews(event)}
          />
          <Button type="primary" onClick={onClose}>
            Close
          </Button>
        </Space>
      }
    >
      {notice && (
        <Alert
          type={notice.type}
          showIcon
          role={notice.type === 'error' ? 'alert' : 'status'}
          title={notice.text}
          style={{ marginBottom: 12 }}
        />
      )}
      {views.length === 0 ? (
        <Typography.Paragraph>No saved views on this screen yet.</Typography.Paragraph>
      ) : (
        <ol aria-label="Saved views" style={LIST_STYLE}>
          {views.map((view, index) =>
            editing?.id === view.id ? (
              <li key={view.id} style={ITEM_STYLE}>
                <Space orientation="vertical" style={{ width: '100%' }}>
                  <Space wrap>
                    <Input
                      aria-label={`New name of ${view.name}`}
                      value={editing.name}
                      maxLength={80}
                      autoFocus
                      status={editing.error ? 'error' : undefined}
                      onChange={(e) => setEditing({ ...editing, name: e.target.value })}
                      onPressEnter={() => void rename()}
                      onKeyDown={(e) => {
                        // Esc leaves the box, not the whole dialog.
                        if (e.key === 'Escape') {
                          e.stopPropagation();
                          setEditing(null);
                        }
                      }}
                    />
                    <Button type="primary" onClick={() => void rename()}>
                      Save name
                    </Button>
                    <Button onClick={() => setEditing(null)}>Cancel</Button>
                  </Space>
                  {editing.error && (
                    <Typography.Text type="danger" role="alert">
                      {editing.error}
                    </Typography.Text>
                  )}
                </Space>
              </li>
            ) : (
              <li key={view.id} style={ITEM_STYLE}>
                <Typography.Text>
                  {index < 9 ? `${index + 1}. ` : ''}
                  {view.name}
                </Typography.Text>
                <Space wrap size="small">
                  <Button
                    size="small"
                    aria-label={`Rename ${view.name}`}
                    onClick={() => setEditing({ id: view.id, name: view.name })}
                  >
                    Rename
                  </Button>
                  <Button
                    size="small"
                    aria-label={`Move up: ${view.name}`}
                    disabled={index === 0}
                    onClick={() => void put(moved(views, index, -1)).then(report)}
                  >
                    Move up
                  </Button>
                  <Button
                    size="small"
                    aria-label={`Move down: ${view.name}`}
                    disabled={index === views.length - 1}
                    onClick={() => void put(moved(views, index, 1)).then(report)}
                  >
                    Move down
                  </Button>
                  <Button
                    size="small"
                    danger
                    aria-label={`Delete ${view.name}`}
                    onClick={() => void put(views.filter((v) => v.id !== view.id)).then(report)}
                  >
                    Delete
                  </Button>
                </Space>
              </li>
            ),
          )}
        </ol>
      )}
    </Modal>
  );
}
