import { Alert, Button, Checkbox, Modal, Space } from 'antd';
import { memo, useState } from 'react';
import type { ColumnChoice } from '../../../shared/prefs';
import { errorText } from '../../ui/errorText';
import { usePrefsChange } from '../prefs/prefsState';
import { moved } from '../views/viewsState';
import { choiceOf, type ChosenColumn } from '../../ui/resource/columnChoice';

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;
const ITEM_STYLE = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 8,
  padding: '4px 0',
} as const;

/**
 * Columns: show, hide and order a list's columns (docs/user-guide.md, A reviewer's shift), kept per
 * user and screen in core's prefs. Every change is saved at once; Reset forgets the choice. The
 * last shown column cannot be hidden.
 */
export const ColumnChooser = memo(function ColumnChooser({
  path,
  label,
  chosen,
}: {
  path: string;
  /** The list's name, for the dialog's title. */
  label: string;
  /** The view's columns as chosen now (chooseColumns), the Actions column left out. */
  chosen: readonly ChosenColumn<unknown>[];
}) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const change = usePrefsChange();
  const save = async (choice: ColumnChoice | null) => {
    setFailure(null);
    try {
      await change('prefs.setColumns', { path, choice });
    } catch (error) {
      setFailure(errorText(error));
    }
  };
  const shownCount = chosen.filter((entry) => !entry.hidden).length;
  const entries = chosen.map(({ key, hidden }) => ({ key, hidden }));

  return (
    <>
      <Button onClick={() => setOpen(true)}>Columns</Button>
      {open && (
        <Modal
          open
          title={`Columns of ${label}`}
          onCancel={() => setOpen(false)}
          destroyOnHidden
          footer={
            <Space>
              <Button onClick={() => void save(null)}>Reset</Button>
              <Button type="primary" onClick={() => setOpen(false)}>
                Close
              </Button>
            </Space>
          }
        >
          {failure && (
            <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 8 }} />
          )}
          <ol aria-label="Columns" style={LIST_STYLE}>
            {chosen.map((entry, index) => (
              <li key={entry.key} style={ITEM_STYLE}>
                <Checkbox
                  checked={!entry.hidden}
                  // At least one column stays: the last shown one cannot be hidden.
                  disabled={!entry.hidden && shownCount === 1}
                  onChange={(event) =>
                    void save(
                      choiceOf(
                        entries.map((e, i) =>
                          i === index ? { ...e, hidden: !event.target.checked } : e,
                        ),
                      ),
                    )
                  }
                >
                  {entry.title}
                </Checkbox>
                <Space size="small">
                  <Button
                    size="small"
                    aria-label={`Move up: ${entry.title}`}
                    disabled={index === 0}
                    onClick={() => void save(choiceOf(moved(entries, index, -1)))}
                  >
                    Move up
                  </Button>
                  <Button
                    size="small"
                    aria-label={`Move down: ${entry.title}`}
                    disabled={index === chosen.length - 1}
                    onClick={() => void save(choiceOf(moved(entries, index, 1)))}
                  >
                    Move down
                  </Button>
                </Space>
              </li>
            ))}
          </ol>
        </Modal>
      )}
    </>
  );
});
