import { Button, Descriptions, Modal, Tag } from 'antd';
import type { MarketRecord } from '../../../shared/api/records';
import { shown } from '../../ui/shown';

const listOrDash = (values: readonly string[]) =>
  values.length ? values.map((v) => <Tag key={v}>{v}</Tag>) : '-';

/** A catalogue market, read-only: what a detected market may duplicate ('Same Markets'). */
export function MarketModal({ market, onClose }: { market: MarketRecord; onClose(): void }) {
  return (
    <Modal
      open
      title={`Market ${shown(market.name)}`}
      onCancel={onClose}
      closable={false}
      destroyOnHidden
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <Descriptions size="small" column={2} aria-label="Market">
        <Descriptions.Item label="Market Id">{shown(market.marketId)}</Descriptions.Item>
        <Descriptions.Item label="Name">{shown(market.name)}</Descriptions.Item>
        <Descriptions.Item label="Unique Name">{shown(market.uniqueName)}</Descriptions.Item>
        <Descriptions.Item label="Search">{shown(market.search)}</Descriptions.Item>
        <Descriptions.Item label="Active">{shown(market.active)}</Descriptions.Item>
        <Descriptions.Item label="Unwanted Usages" span={2}>
          {listOrDash(market.unwantedUsages)}
        </Descriptions.Item>
        <Descriptions.Item label="Tags" span={2}>
          {listOrDash(market.tags)}
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
