import { Tabs } from 'antd';
import { memo, useMemo } from 'react';

/** The list's tab beside its create tab (SPEC.md 2: 'Add Keyword'); drawn again only when they change. */
export const CreateTabs = memo(function CreateTabs(props: {
  title: string;
  createLabel: string | undefined;
  onCreate(): void;
}) {
  const { title, createLabel, onCreate } = props;
  const items = useMemo(
    () => [
      { key: 'list', label: title },
      { key: 'create', label: createLabel },
    ],
    [title, createLabel],
  );
  return (
    <Tabs activeKey="list" onTabClick={(key) => key === 'create' && onCreate()} items={items} />
  );
});
