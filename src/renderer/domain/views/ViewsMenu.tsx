import { DownOutlined } from '@ant-design/icons';
import { App as AntApp, Button, Dropdown, Space, type MenuProps } from 'antd';
import { useAtomValue } from 'jotai';
import { memo, useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { keyLabel, type ViewNumber } from '../../../shared/keys';
import type { SavedView } from '../../../shared/prefs';
import { appInfoAtom } from '../../session/sessionAtoms';
import { useKeyMap } from '../prefs/prefsState';
import { CopyLinkModal } from './CopyLinkModal';
import { ManageViewsModal } from './ManageViewsModal';
import { SaveViewModal } from './SaveViewModal';
import { useViewHotkeys } from './useViewHotkeys';
import { FILTERS_FROM_URL, screenHref, shareLink } from './viewLink';
import { useScreenViews, viewQueryOf } from './viewsState';

type Open = { kind: 'save'; query: string } | { kind: 'manage' } | { kind: 'link'; link: string };

/**
 * A screen's saved views (docs/user-guide.md, A reviewer's shift): Save view, the Views menu beside
 * Filter, alt+1 … alt+9, and Copy link. The screen's filters are its URL query, so a view is a name
 * for a query and opening one is a navigation to it.
 */
export const ViewsMenu = memo(function ViewsMenu({
  path,
}: {
  /** The screen's route; views belong to it ('/filter'). */
  path: string;
}) {
  const views = useScreenViews(path);
  const location = useLocation();
  const navigate = useNavigate();
  const keys = useKeyMap();
  const shell = useAtomValue(appInfoAtom)?.shell ?? 'browser';
  const { message } = AntApp.useApp();
  const [open, setOpen] = useState<Open | null>(null);

  const openView = useCallback(
    (view: SavedView) => void navigate(screenHref(path, view.query), { state: FILTERS_FROM_URL }),
    [navigate, path],
  );
  useViewHotkeys(views, openView);

  const copyLink = async () => {
    const link = shareLink(shell, window.location.origin, path, location.search.replace(/^\?/, ''));
    try {
      await navigator.clipboard.writeText(link);
      void message.success('Link copied.');
    } catch {
      setOpen({ kind: 'link', link });
    }
  };

  const items: MenuProps['items'] = [
    ...(views.length === 0
      ? [{ key: 'none', label: 'No saved views yet', disabled: true }]
      : views.map((view, index) => {
          const key = index < 9 ? keys[`openView${(index + 1) as ViewNumber}`][0] : undefined;
          return {
            key: view.id,
            label: view.name,
            extra: key ? keyLabel(key) : undefined,
            onClick: () => openView(view),
          };
        })),
    { type: 'divider' as const },
    { key: 'manage', label: 'Manage views…', onClick: () => setOpen({ kind: 'manage' }) },
  ];

  return (
    <Space wrap size="small">
      <Button onClick={() => setOpen({ kind: 'save', query: viewQueryOf(location.search) })}>
        Save view
      </Button>
      <Dropdown menu={{ items }} trigger={['click']}>
        <Button>
          Views <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
      <Button onClick={() => void copyLink()}>Copy link</Button>
      {open?.kind === 'save' && (
        <SaveViewModal
          path={path}
          query={open.query}
          onClose={() => setOpen(null)}
          onSaved={(name) => {
            setOpen(null);
            void message.success(`View "${name}" saved.`);
          }}
        />
      )}
      {open?.kind === 'manage' && <ManageViewsModal path={path} onClose={() => setOpen(null)} />}
      {open?.kind === 'link' && <CopyLinkModal link={open.link} onClose={() => setOpen(null)} />}
    </Space>
  );
});
