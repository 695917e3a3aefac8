import { Descriptions, Flex, Tag, Typography } from 'antd';
import { SOCIAL_NAMES, type Currency } from '../../../shared/api/records';
import { shown } from '../../ui/shown';

const none = <Typography.Text type="secondary">-</Typography.Text>;
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The parts of a currency that do not fit a table row: ids, websites, socials, trading pairs. */
export function CurrencyDetails({ currency }: { currency: Currency }) {
  return (
    <Descriptions size="small" column={2} bordered>
      <Descriptions.Item label="Currency Id">{shown(currency.currencyId)}</Descriptions.Item>
      <Descriptions.Item label="Earlier Currency Ids">
        {currency.currencyIds.length ? currency.currencyIds.join(', ') : none}
      </Descriptions.Item>
      <Descriptions.Item label="Website" span={2}>
        {currency.website.length
          ? currency.website.map((url) => (
              <Typography.Text key={url} copyable style={{ marginRight: 12 }}>
                {url}
              </Typography.Text>
            ))
          : none}
      </Descriptions.Item>
      {SOCIAL_NAMES.map((social) => (
        <Descriptions.Item key={social} label={capitalized(social)}>
          {currency.socials?.[social] ? (
            <Typography.Text copyable>{currency.socials[social]}</Typography.Text>
          ) : (
            none
          )}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label="Market Trading Pairs" span={2}>
        {currency.marketTradingPairs.length
          ? currency.marketTradingPairs.map(({ market, tradingPairs }) => (
              <Flex key={market} gap={4} wrap align="center" style={{ marginBottom: 4 }}>
                <Typography.Text strong style={{ minWidth: 100 }}>
                  {market}
                </Typography.Text>
                {tradingPairs.map((pair, index) => (
                  <Tag
                    key={pair.id ?? `pair-${index}`}
                    color={pair.pairActive ? 'blue' : undefined}
                    title={`${shown(pair.otherCurrencyUniqueName)}${pair.pairActive ? '' : ' (inactive)'}`}
                  >
                    {shown(currency.currency)}/{shown(pair.otherCurrency)}
                    {pair.pairActive ? '' : ' (inactive)'}
                  </Tag>
                ))}
              </Flex>
            ))
          : none}
      </Descriptions.Item>
    </Descriptions>
  );
}
