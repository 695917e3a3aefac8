import type { ThemeConfig } from 'antd';
import { BACKDROP_TRANSITION_MS, MODAL_TRANSITION_MS } from '../../shared/constants';

const seconds = (ms: number) => `${ms / 1000}s`;

/** Calm colours and a readable base size for eight-hour shifts. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1d5fd1',
    borderRadius: 6,
    fontSize: 14,
  },
  components: {
    Layout: { headerBg: '#14213d', headerPadding: '0 20px', siderBg: '#14213d' },
    Menu: { darkItemBg: '#14213d', darkItemSelectedBg: '#1d5fd1' },
    // SPEC.md 9: a modal opens in 300 ms (Ant Design animates it with motionDurationSlow); its
    // backdrop fades, and the modal leaves, in 150 ms (motionDurationMid).
    Modal: {
      motionDurationSlow: seconds(MODAL_TRANSITION_MS),
      motionDurationMid: seconds(BACKDROP_TRANSITION_MS),
    },
  },
};
