import { Flex, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AuditProgress } from '../../../shared/quality/auditChannels';
import { invoke } from '../../bridge/bridge';
import { AUDIT_MODE_HREF, shiftAuditText } from '../../domain/audit/auditMode';
import { COUNT_REFRESH_MS } from './LeftInView';

/**
 * Today's audit progress on the shift panel: 'Audit: 12 answered today · 40 of 200 in this
 * sample', with the way to Audit mode. Nothing when there is no sample (or it cannot be read: the
 * panel's other figures do not wait on it). Read again after writes, as the count beside it.
 */
export function ShiftAudit({ refreshKey }: { refreshKey: number }) {
  const [progress, setProgress] = useState<AuditProgress | null>(null);
  const lastRead = useRef(0);
  useEffect(() => {
    let current = true;
    const wait = Math.max(0, lastRead.current + COUNT_REFRESH_MS - Date.now());
    const timer = setTimeout(() => {
      lastRead.current = Date.now();
      invoke('audit.current').then(
        (answer) => current && setProgress(answer),
        () => undefined,
      );
    }, wait);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [refreshKey]);
  const text = progress && shiftAuditText(progress);
  if (!text) return null;
  return (
    <Flex gap={12} align="baseline" wrap>
      <Typography.Text>{text}</Typography.Text>
      <Link to={AUDIT_MODE_HREF}>Open Audit mode</Link>
    </Flex>
  );
}
