import { Button, Descriptions, Modal, Space, Tag } from 'antd';
import type { Currency } from '../../../shared/api/records';
import { shown } from '../../ui/shown';
import { CurrencyDetails } from './CurrencyDetails';

const listOrDash = (values: string[]) =>
  values.length ? values.map((v) => <Tag key={v}>{v}</Tag>) : '-';

/** 'Old Version Of Currency': a catalogue currency, read-only, for comparing with a queued one. */
export function OldVersionModal({ currency, onClose }: { currency: Currency; onClose(): void }) {
  return (
    <Modal
      open
      title="Old Version Of Currency"
      onCancel={onClose}
      closable={false}
      width={820}
      destroyOnHidden
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Descriptions size="small" column={3} aria-label="Old version currency">
          <Descriptions.Item label="Rank">{shown(currency.rank)}</Descriptions.Item>
          <Descriptions.Item label="Currency">{shown(currency.currency)}</Descriptions.Item>
          <Descriptions.Item label="Name">{shown(currency.name)}</Descriptions.Item>
          <Descriptions.Item label="Unique Name">{shown(currency.uniqueName)}</Descriptions.Item>
          <Descriptions.Item label="Active">{shown(currency.active)}</Descriptions.Item>
          <Descriptions.Item label="Search With Currency">
            {shown(currency.searchWithCurrency)}
          </Descriptions.Item>
          <Descriptions.Item label="Tags">{listOrDash(currency.tags)}</Descriptions.Item>
          <Descriptions.Item label="Unwanted Usages" span={2}>
            {listOrDash(currency.unwantedUsages)}
          </Descriptions.Item>
        </Descriptions>
        <CurrencyDetails currency={currency} />
      </Space>
    </Modal>
  );
}
