import { Alert, Button, Flex, Spin, Typography } from 'antd';
import type { ScreenProps } from '../../domain/screens/screens';
import { warningLines, warningTitle } from '../../domain/audit/rateText';
import { AgreementSection } from './AgreementSection';
import { AuditPanel } from './AuditPanel';
import { DisagreementsPanel } from './DisagreementsPanel';
import { EstimatesSection } from './EstimatesSection';
import { QualityChartSection } from './QualityChartSection';
import { useQualityData } from './useQualityData';

const heading = { marginTop: 0, marginBottom: 0 } as const;
const subheading = { marginTop: 0 } as const;

/**
 * /quality: how good the classifier is, from the blind audit sample (the team's on our server, the
 * user's own against any other provider). The audit's window and
 * progress with Start an audit; the three rates with their 95% intervals, all items and per group,
 * each linking to exactly the audited items behind it; a chart; agreement; and the warning when
 * the estimates got worse after a model run; on a team sample, the disagreements to settle.
 */
export default function QualityPage({ title }: ScreenProps) {
  const { data, reload } = useQualityData();
  const warning = data.status === 'ready' ? data.estimates.warning : null;
  return (
    <Flex vertical gap={20}>
      <Typography.Title level={1} style={heading}>
        {title}
      </Typography.Title>
      {data.status === 'loading' && <Spin aria-label="Loading the audit" />}
      {data.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          title={`The audit could not be read: ${data.message}`}
          action={
            <Button size="small" onClick={() => void reload()}>
              Retry
            </Button>
          }
        />
      )}
      {warning && (
        <Alert
          type="warning"
          showIcon
          title={warningTitle(warning)}
          description={warningLines(warning).map((line) => (
            <div key={line}>{line}</div>
          ))}
        />
      )}
      {data.status === 'ready' && (
        <>
          <section aria-labelledby="quality-audit">
            <Typography.Title level={2} id="quality-audit" style={subheading}>
              Audit
            </Typography.Title>
            <AuditPanel progress={data.progress} onStarted={reload} />
          </section>
          <section aria-labelledby="quality-estimates">
            <Typography.Title level={2} id="quality-estimates" style={subheading}>
              Estimates
            </Typography.Title>
            <Typography.Paragraph type="secondary">
              Each figure is re-weighted to the window&apos;s items by source and by the
              classifier&apos;s decision, with its 95% interval and the answers it rests on.
            </Typography.Paragraph>
            <EstimatesSection estimates={data.estimates} />
          </section>
          <section aria-labelledby="quality-chart">
            <Typography.Title level={2} id="quality-chart" style={subheading}>
              Over time
            </Typography.Title>
            <QualityChartSection estimates={data.estimates} />
          </section>
          <section aria-labelledby="quality-agreement">
            <Typography.Title level={2} id="quality-agreement" style={subheading}>
              Agreement
            </Typography.Title>
            <AgreementSection agreement={data.estimates.agreement} />
          </section>
          {/* The team sample's disagreements, for a third reviewer to settle (drawn only then). */}
          <DisagreementsPanel progress={data.progress} />
        </>
      )}
    </Flex>
  );
}
