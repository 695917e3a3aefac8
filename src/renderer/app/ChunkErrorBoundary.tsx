import { Component, type ReactNode } from 'react';
import { MESSAGES } from '../../shared/messages';
import { ShellFailure } from './ShellViews';

interface Props {
  children: ReactNode;
  reload?: () => void;
}

interface State {
  error: Error | null;
}

/**
 * A route that fails to load shows what happened and a Reload button instead of a white screen;
 * drawn without Ant Design, since the chunk that failed may be the one that brings it.
 */
export class ChunkErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const timedOut = /timed out/i.test(error.message);
    return (
      <ShellFailure
        title={timedOut ? MESSAGES.chunkTimedOut : MESSAGES.chunkFailed}
        detail={error.message}
        onReload={this.props.reload ?? (() => window.location.reload())}
      />
    );
  }
}
