import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import { MESSAGES } from '../../shared/messages';

interface Props {
  children: ReactNode;
  reload?: () => void;
}

interface State {
  error: Error | null;
}

/** A route that fails to load shows what happened and a Reload button instead of a white screen. */
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
      <Result
        status="error"
        title={timedOut ? MESSAGES.chunkTimedOut : MESSAGES.chunkFailed}
        subTitle={error.message}
        extra={
          <Button type="primary" onClick={this.props.reload ?? (() => window.location.reload())}>
            Reload
          </Button>
        }
      />
    );
  }
}
