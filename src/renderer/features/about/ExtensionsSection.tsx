import { Flex, Spin, Typography } from 'antd';
import { useExtensions } from '../../domain/insight/extensionsState';
import {
  conflictCheckText,
  EXTENSIONS_INTRO,
  EXTENSIONS_LIST_LABEL,
  EXTENSIONS_TITLE,
  extensionLabel,
  isKnownExtension,
  NO_EXTENSIONS_TEXT,
  UNKNOWN_EXTENSION_NOTE,
} from './extensionTexts';
import { Section } from './Section';

/**
 * What the server offers beyond SPEC.md 7 (DESIGN.md, Extensions), as core read it at
 * the start of this session: each extension's label and version, or a sentence saying there are
 * none, which is what a provider without our extensions answers; and either way how a decision
 * is checked for changes made since its card was drawn.
 */
export function ExtensionsSection() {
  const offered = useExtensions();
  return (
    <Section title={EXTENSIONS_TITLE}>
      {offered === null ? (
        <Spin aria-label="Asking the server what it offers" />
      ) : offered.length === 0 ? (
        <Flex vertical gap={8}>
          <Typography.Text>{NO_EXTENSIONS_TEXT}</Typography.Text>
          <Typography.Text>{conflictCheckText(offered)}</Typography.Text>
        </Flex>
      ) : (
        <Flex vertical gap={8}>
          <Typography.Text>{EXTENSIONS_INTRO}</Typography.Text>
          <ul aria-label={EXTENSIONS_LIST_LABEL} style={{ margin: 0, paddingInlineStart: 20 }}>
            {offered.map((extension) => (
              <li key={extension.name}>
                {extensionLabel(extension)}{' '}
                <Typography.Text type="secondary">
                  {`(${extension.name}, version ${extension.version}${
                    isKnownExtension(extension.name) ? '' : `, ${UNKNOWN_EXTENSION_NOTE}`
                  })`}
                </Typography.Text>
              </li>
            ))}
          </ul>
          <Typography.Text>{conflictCheckText(offered)}</Typography.Text>
        </Flex>
      )}
    </Section>
  );
}
