import { Typography } from 'antd';
import type { AuditProgress } from '../../../shared/quality/auditChannels';
import { answeredText, stratumKeyName, stratumName } from '../../domain/audit/auditMode';

/**
 * The sample's progress in Audit mode: '12 of 200 answered', then each stratum's answered and
 * drawn, and the strata nothing could be drawn from. The strata are the sample's, not the card's:
 * they say nothing of the card on screen.
 */
export function AuditProgressLine({ progress }: { progress: AuditProgress | null }) {
  const sample = progress?.sample;
  if (!sample) return null;
  return (
    <div aria-label="Audit progress" role="group">
      <Typography.Text strong>{answeredText(sample)}</Typography.Text>
      <Typography.Text type="secondary">
        {' · '}
        {sample.strata
          .map((stratum) => `${stratumName(stratum)}: ${stratum.answered} of ${stratum.drawn}`)
          .join(' · ')}
      </Typography.Text>
      {sample.emptyStrata.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          Nothing could be drawn from: {sample.emptyStrata.map(stratumKeyName).join(', ')}.
        </Typography.Paragraph>
      )}
    </div>
  );
}
