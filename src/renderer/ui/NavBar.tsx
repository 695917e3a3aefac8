import {
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Button, Layout, Space, Tag, Typography } from 'antd';
import { useAtom, useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { appInfoAtom, sessionAtom } from '../session/sessionAtoms';
import { SIDE_MENU_ID, sideMenuCollapsedAtom } from './sideMenuAtoms';

interface Props {
  onLogout: () => void;
  /** A short word at the end of the bar, such as an update's download progress. */
  status?: ReactNode;
}

/**
 * The navigation bar of SPEC.md 2 across the top of the signed-in screens: the side menu's toggle,
 * the brand link, who is signed in, and last the Log Out button. The area links are in the side
 * menu below it. The login screen has its own bar (features/login/LoginBar.tsx).
 */
export function NavBar({ onLogout, status }: Props) {
  const session = useAtomValue(sessionAtom);
  const appInfo = useAtomValue(appInfoAtom);
  const [collapsed, setCollapsed] = useAtom(sideMenuCollapsedAtom);
  return (
    <Layout.Header className="dqc-navbar" role="banner">
      <Button
        type="text"
        className="dqc-menu-toggle"
        aria-label={collapsed ? 'Expand the side menu' : 'Collapse the side menu'}
        aria-expanded={!collapsed}
        aria-controls={SIDE_MENU_ID}
        icon={collapsed ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
        onClick={() => setCollapsed(!collapsed)}
      />
      <Link to="/filter" className="dqc-brand" aria-label="DQC Console home">
        DQC Console
      </Link>
      {appInfo?.demo && (
        <Tag
          color="gold"
          className="dqc-demo-tag"
          title="Connected to the embedded demo server, not the provider's API"
        >
          Demo data
        </Tag>
      )}
      <Space className="dqc-navbar-end">
        {status}
        {session?.username && (
          <Typography.Text className="dqc-user" aria-label="Signed in as">
            <UserOutlined aria-hidden /> {session.username}
          </Typography.Text>
        )}
        <Button icon={<LogoutOutlined aria-hidden />} onClick={onLogout}>
          Log Out
        </Button>
      </Space>
    </Layout.Header>
  );
}
