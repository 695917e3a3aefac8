import { useState, type InputHTMLAttributes, type Ref } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  ref?: Ref<HTMLInputElement>;
};

/**
 * A password box with a toggle that shows what was typed. The toggle is a real button (reachable
 * by Tab, with its state announced); its name avoids the word "password" so that the box alone is
 * what a label lookup for Password finds.
 */
export function PasswordInput({ disabled, ref, ...input }: Props) {
  const [shown, setShown] = useState(false);
  return (
    <span className={`dqc-input-affix${disabled ? ' dqc-input-disabled' : ''}`}>
      <input {...input} ref={ref} disabled={disabled} type={shown ? 'text' : 'password'} />
      <button
        type="button"
        className="dqc-input-toggle"
        aria-label="Show the characters typed"
        aria-pressed={shown}
        disabled={disabled}
        onClick={() => setShown(!shown)}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden focusable="false">
          <path
            d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          />
          <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.6" />
          {!shown && <path d="M4 20 20 4" stroke="currentColor" strokeWidth="1.6" />}
        </svg>
      </button>
    </span>
  );
}
