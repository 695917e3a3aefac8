import {
  ApartmentOutlined,
  AuditOutlined,
  DisconnectOutlined,
  DollarOutlined,
  InfoCircleOutlined,
  KeyOutlined,
  SettingOutlined,
  ShopOutlined,
  TagOutlined,
  TwitterOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { RoutePath } from './routePaths';

/**
 * Each area's icon: what the side menu shows when collapsed. Decorative, since the link beside it
 * carries the name (and the collapsed menu shows it in a tooltip).
 */
export const NAV_ICONS: Partial<Record<RoutePath, ReactNode>> = {
  '/filter': <AuditOutlined aria-hidden />,
  '/keyword': <KeyOutlined aria-hidden />,
  '/cryptoCurrency': <DollarOutlined aria-hidden />,
  '/market': <ShopOutlined aria-hidden />,
  '/cryptoTag': <TagOutlined aria-hidden />,
  '/ecosystemTag': <ApartmentOutlined aria-hidden />,
  '/mismatches': <DisconnectOutlined aria-hidden />,
  '/configurations': <SettingOutlined aria-hidden />,
  '/twitter-accounts': <TwitterOutlined aria-hidden />,
  '/about': <InfoCircleOutlined aria-hidden />,
};
