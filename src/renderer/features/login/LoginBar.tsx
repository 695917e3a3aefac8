import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { appInfoAtom } from '../../session/sessionAtoms';

/**
 * The navigation bar of SPEC.md 2 on the login screen: the brand link, the demo mark and, last,
 * the Log In label, which takes the user to the username box. It is drawn with the page's own
 * elements and the shell's CSS, like the rest of this screen (LoginPage says why), and looks like
 * the Ant Design bar of the signed-in screens.
 */
export function LoginBar({ onLoginLabel }: { onLoginLabel: () => void }) {
  const appInfo = useAtomValue(appInfoAtom);
  return (
    <header className="dqc-navbar dqc-login-bar">
      <Link to="/filter" className="dqc-brand" aria-label="DQC Console home">
        DQC Console
      </Link>
      {appInfo?.demo && (
        <span
          className="dqc-tag dqc-tag-gold"
          title="Connected to the embedded demo server, not the provider's API"
        >
          Demo data
        </span>
      )}
      <span className="dqc-navbar-end">
        <button type="button" className="dqc-button" onClick={onLoginLabel}>
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden focusable="false">
            <path
              d="M10 17l5-5-5-5M15 12H3M14 3h5a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          Log In
        </button>
      </span>
    </header>
  );
}
