import type { ThemeConfig } from 'antd';

/** Calm colours and a readable base size for eight-hour shifts. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1d5fd1',
    borderRadius: 6,
    fontSize: 14,
  },
  components: {
    Layout: { headerBg: '#14213d', headerPadding: '0 20px' },
    Menu: { darkItemBg: '#14213d', darkItemSelectedBg: '#1d5fd1' },
  },
};
