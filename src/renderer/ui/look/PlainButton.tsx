import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import type { RowButtonLook } from '../resource/rowButton';
import { usePlainLook } from './plainLook';

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'> {
  look: RowButtonLook;
  /** Button's `loading`: its class and spinner, and a click does nothing meanwhile. */
  loading?: boolean;
  children: ReactNode;
}

/**
 * A `<button>` that looks as Ant Design's Button does (plainLook.ts), without Button's component
 * tree (its wave, its loading motion, its style, semantic and context hooks): for the buttons a
 * page draws by the dozen and gives new data on every page (a review card's decisions, History
 * and Why?). The props a Tooltip adds to its child (pointer and focus handlers, the ref) reach the
 * element. Not for a submit button or an icon-only one: Button itself stays for those.
 */
export const PlainButton = forwardRef<HTMLButtonElement, Props>(function PlainButton(
  { look, loading = false, children, onClick, ...rest },
  ref,
) {
  const { button, buttonPrefix } = usePlainLook();
  const className = loading ? `${button(look)} ${buttonPrefix}-loading` : button(look);
  return (
    <button
      {...rest}
      ref={ref}
      type="button"
      className={className}
      // As Button: a loading button takes no click.
      onClick={loading ? undefined : onClick}
    >
      {loading && (
        <span className={`${buttonPrefix}-icon ${buttonPrefix}-loading-icon`}>
          <LoadingOutlined />
        </span>
      )}
      <span>{children}</span>
    </button>
  );
});
