import { Spin } from 'antd';

export function PageLoading() {
  return (
    <div className="dqc-gate" role="status" aria-label="Loading">
      <Spin />
    </div>
  );
}
