import { LoginOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, Space, Tag, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { Link, useLocation } from 'react-router-dom';
import { appInfoAtom, sessionAtom } from '../session/sessionAtoms';
import { activeNavLink, NAV_LINKS } from './routes';

interface Props {
  /** The login screen shows only the brand link, and the last button shows the login label. */
  loginScreen: boolean;
  onLogout?: () => void;
  onLoginLabel?: () => void;
  loggingOut?: boolean;
}

export function NavBar({ loginScreen, onLogout, onLoginLabel, loggingOut }: Props) {
  const location = useLocation();
  const session = useAtomValue(sessionAtom);
  const appInfo = useAtomValue(appInfoAtom);
  const active = activeNavLink(location.pathname);
  return (
    <Layout.Header className="dqc-navbar" role="banner">
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
      <nav aria-label="Main" className="dqc-nav">
        {!loginScreen && (
          <Menu
            mode="horizontal"
            theme="dark"
            selectedKeys={active ? [active] : []}
            items={NAV_LINKS.map((link) => ({
              key: link.to,
              label: (
                <Link to={link.to} aria-current={active === link.to ? 'page' : undefined}>
                  {link.label}
                </Link>
              ),
            }))}
          />
        )}
      </nav>
      <Space className="dqc-navbar-end">
        {!loginScreen && session?.username && (
          <Typography.Text className="dqc-user" aria-label="Signed in as">
            <UserOutlined /> {session.username}
          </Typography.Text>
        )}
        {loginScreen ? (
          <Button icon={<LoginOutlined />} onClick={onLoginLabel}>
            Log In
          </Button>
        ) : (
          <Button icon={<LogoutOutlined />} onClick={onLogout} loading={loggingOut}>
            Log Out
          </Button>
        )}
      </Space>
    </Layout.Header>
  );
}
