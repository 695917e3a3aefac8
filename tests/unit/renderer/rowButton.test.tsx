import { render, screen } from '@testing-library/react';
import { Button, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { darkTheme, theme } from '../../../src/renderer/app/theme';
import { useRowButtonClass, type RowButtonLook } from '../../../src/renderer/ui/resource/rowButton';

const classesOf = (element: Element) => new Set(element.className.split(/\s+/).filter(Boolean));

describe("a list row's plain action button", () => {
  const looks: [string, RowButtonLook, ReactNode][] = [
    ['default', { primary: false, danger: false }, <Button key="d">Update</Button>],
    [
      'primary',
      { primary: true, danger: false },
      <Button key="p" type="primary">
        Update
      </Button>,
    ],
    [
      'primary danger',
      { primary: true, danger: true },
      <Button key="px" type="primary" danger>
        Update
      </Button>,
    ],
    [
      'danger',
      { primary: false, danger: true },
      <Button key="x" danger>
        Update
      </Button>,
    ],
    [
      'small',
      { primary: false, danger: false, small: true },
      <Button key="s" size="small">
        Update
      </Button>,
    ],
  ];
  for (const [name, appTheme] of [
    ['light', theme],
    ['dark', darkTheme],
  ] as const) {
    it.each(looks)(
      `has the classes of Ant Design's Button (%s, ${name} theme)`,
      (_name, look, antd) => {
        function Both() {
          const classOf = useRowButtonClass();
          return (
            <>
              <div data-testid="antd">{antd}</div>
              <button type="button" className={classOf(look)}>
                Plain
              </button>
            </>
          );
        }
        render(
          <ConfigProvider theme={appTheme}>
            <Both />
          </ConfigProvider>,
        );
        const fromAntd = classesOf(screen.getByRole('button', { name: 'Update' }));
        expect([...classesOf(screen.getByRole('button', { name: 'Plain' }))].sort()).toEqual(
          [...fromAntd].sort(),
        );
      },
    );
  }
});
