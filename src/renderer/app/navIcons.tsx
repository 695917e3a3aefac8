import {
  ApartmentOutlined,
  AuditOutlined,
  DashboardOutlined,
  DisconnectOutlined,
  DollarOutlined,
  ExperimentOutlined,
  HistoryOutlined,
  InboxOutlined,
  InfoCircleOutlined,
  KeyOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShopOutlined,
  TagOutlined,
  TwitterOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { aboutArea } from '../features/about/screens';
import { configurationsArea } from '../features/configurations/screens';
import { cryptoCurrencyArea } from '../features/cryptoCurrency/screens';
import { cryptoTagArea } from '../features/cryptoTag/screens';
import { ecosystemTagArea } from '../features/ecosystemTag/screens';
import { journalArea } from '../features/journal/screens';
import { keywordArea } from '../features/keyword/screens';
import { marketArea } from '../features/market/screens';
import { mismatchesArea } from '../features/mismatches/screens';
import { modelRunsArea } from '../features/modelRuns/screens';
import { qualityArea } from '../features/quality/screens';
import { queuesArea } from '../features/queues/screens';
import { reviewArea } from '../features/review/screens';
import { shiftArea } from '../features/shift/screens';
import { twitterAccountsArea } from '../features/twitterAccounts/screens';
import type { Area } from '../domain/screens/screens';

/**
 * Each area's icon: what the side menu shows when collapsed. Decorative, since the link beside it
 * carries the name (and the collapsed menu shows it in a tooltip). Kept in the shell, apart from
 * the registries, so that the registries stay plain data that tests read in Node.
 */
export const NAV_ICONS: ReadonlyMap<Area, ReactNode> = new Map<Area, ReactNode>([
  [reviewArea, <AuditOutlined aria-hidden />],
  [shiftArea, <DashboardOutlined aria-hidden />],
  [qualityArea, <SafetyCertificateOutlined aria-hidden />],
  [keywordArea, <KeyOutlined aria-hidden />],
  [queuesArea, <InboxOutlined aria-hidden />],
  [cryptoCurrencyArea, <DollarOutlined aria-hidden />],
  [marketArea, <ShopOutlined aria-hidden />],
  [cryptoTagArea, <TagOutlined aria-hidden />],
  [ecosystemTagArea, <ApartmentOutlined aria-hidden />],
  [mismatchesArea, <DisconnectOutlined aria-hidden />],
  [configurationsArea, <SettingOutlined aria-hidden />],
  [twitterAccountsArea, <TwitterOutlined aria-hidden />],
  [journalArea, <HistoryOutlined aria-hidden />],
  [modelRunsArea, <ExperimentOutlined aria-hidden />],
  [aboutArea, <InfoCircleOutlined aria-hidden />],
]);
