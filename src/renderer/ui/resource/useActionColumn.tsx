import { Tooltip } from 'antd';
import { useMemo, type CSSProperties } from 'react';
import { useRowButtonClass } from './rowButton';
import type { RecordAction } from './types';

/**
 * A row's action buttons side by side, as Ant Design's Space (small) lays them out, in a plain
 * element: the cell is drawn on every row of a page, and Space's style hooks and item wrappers
 * cost on each.
 */
const ROW_ACTIONS: CSSProperties = { display: 'inline-flex', alignItems: 'center', gap: 8 };

/**
 * The list's last column: each row's action buttons (types.ts), plain buttons in Ant Design's
 * button classes (rowButton.ts), a disabled one with its reason as a tooltip; none without
 * actions. Memoised on the actions and the handler, so the list's cells are not drawn again on
 * each render of the page.
 */
export function useActionColumn<Row>(
  actions: readonly RecordAction<Row>[],
  act: (action: RecordAction<Row>, row: Row) => void,
) {
  const buttonClass = useRowButtonClass();
  return useMemo(
    () =>
      actions.length
        ? [
            {
              title: 'Actions',
              key: 'actions',
              fixed: 'right' as const,
              render: (_: unknown, row: Row) => (
                <div style={ROW_ACTIONS}>
                  {actions
                    .filter((action) => action.visible?.(row) ?? true)
                    .map((action) => {
                      const why = action.disabled?.(row) ?? null;
                      const button = (
                        <button
                          type="button"
                          key={action.label}
                          className={buttonClass({
                            primary: action.look === 'primary',
                            danger: action.look === 'danger' || action.confirm !== undefined,
                          })}
                          disabled={why !== null}
                          onClick={() => act(action, row)}
                          aria-label={action.icon ? action.label : undefined}
                          title={action.icon && why === null ? action.label : undefined}
                        >
                          {action.icon ?? <span>{action.label}</span>}
                        </button>
                      );
                      return why ? (
                        <Tooltip key={action.label} title={why}>
                          <span>{button}</span>
                        </Tooltip>
                      ) : (
                        button
                      );
                    })}
                </div>
              ),
            },
          ]
        : [],
    [actions, act, buttonClass],
  );
}
