import { act, fireEvent, render, screen } from '@testing-library/react';
import { Button, ConfigProvider, Tag, Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { darkTheme, theme } from '../../../src/renderer/app/theme';
import { PlainButton } from '../../../src/renderer/ui/look/PlainButton';
import { PlainLookProvider } from '../../../src/renderer/ui/look/PlainLookProvider';
import { usePlainLook } from '../../../src/renderer/ui/look/plainLook';
import type { TagColor } from '../../../src/renderer/ui/look/tagClass';

const classesOf = (element: Element) =>
  [...new Set(element.className.split(/\s+/).filter(Boolean))].sort();

function PlainTag({ color, children }: { color: TagColor; children: string }) {
  const { tag } = usePlainLook();
  return <span className={tag(color)}>{children}</span>;
}

describe("plain tags in Ant Design's tag classes", () => {
  // The colours review cards use, and the default grey.
  const colours: TagColor[] = [undefined, 'green', 'red', 'purple', 'blue'];
  for (const [name, appTheme] of [
    ['light', theme],
    ['dark', darkTheme],
  ] as const) {
    it.each(colours)(`has the classes of Ant Design's Tag (%s, ${name} theme)`, (color) => {
      render(
        <ConfigProvider theme={appTheme}>
          <PlainLookProvider>
            <Tag color={color}>Antd</Tag>
            <PlainTag color={color}>Plain</PlainTag>
          </PlainLookProvider>
        </ConfigProvider>,
      );
      expect(classesOf(screen.getByText('Plain'))).toEqual(classesOf(screen.getByText('Antd')));
    });
  }

  it('follows a prefix the app sets', () => {
    render(
      <ConfigProvider prefixCls="dqc">
        <PlainLookProvider>
          <Tag color="green">Antd</Tag>
          <PlainTag color="green">Plain</PlainTag>
        </PlainLookProvider>
      </ConfigProvider>,
    );
    expect(classesOf(screen.getByText('Plain'))).toContain('dqc-tag-green');
    expect(classesOf(screen.getByText('Plain'))).toEqual(classesOf(screen.getByText('Antd')));
  });

  it('says what is missing when used without the provider', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<PlainTag color="green">Plain</PlainTag>)).toThrow(/PlainLookProvider/);
    quiet.mockRestore();
  });
});

describe("a plain button in Ant Design's button classes", () => {
  const inLook = (node: ReactNode) =>
    render(
      <ConfigProvider theme={theme}>
        <PlainLookProvider>{node}</PlainLookProvider>
      </ConfigProvider>,
    );

  it("has Button's classes, and Button's loading class and spinner while loading", async () => {
    inLook(
      <>
        <Button danger loading>
          Antd
        </Button>
        <PlainButton look={{ primary: false, danger: true }} loading>
          Plain
        </PlainButton>
      </>,
    );
    const antd = screen.getByRole('button', { name: /Antd/ });
    const plain = screen.getByRole('button', { name: /Plain/ });
    // Button turns its loading class on in an effect after its first render.
    await act(async () => undefined);
    expect(classesOf(plain)).toEqual(classesOf(antd));
    expect(plain.className).toContain('ant-btn-loading');
    expect(plain.querySelector('.ant-btn-loading-icon .anticon-loading')).not.toBeNull();
    expect(antd.querySelector('.ant-btn-loading-icon .anticon-loading')).not.toBeNull();
  });

  it('takes clicks, none while loading, and is a button that submits nothing', () => {
    const clicked = vi.fn();
    function Toggle() {
      const [loading, setLoading] = useState(false);
      return (
        <>
          <PlainButton look={{ primary: true, danger: false }} loading={loading} onClick={clicked}>
            Select
          </PlainButton>
          <button type="button" onClick={() => setLoading((was) => !was)}>
            Busy
          </button>
        </>
      );
    }
    inLook(<Toggle />);
    const select = screen.getByRole('button', { name: 'Select' });
    expect(select.getAttribute('type')).toBe('button');
    fireEvent.click(select);
    expect(clicked).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Busy' }));
    expect(select.className).toContain('ant-btn-loading');
    fireEvent.click(select);
    expect(clicked).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Busy' }));
    expect(select.className).not.toContain('ant-btn-loading');
    fireEvent.click(select);
    expect(clicked).toHaveBeenCalledTimes(2);
  });

  it('shows the tooltip around it on hover and on focus', async () => {
    inLook(
      <Tooltip title="Select: keep this item (it moves to selected)" mouseEnterDelay={0}>
        <PlainButton look={{ primary: false, danger: false }}>Select</PlainButton>
      </Tooltip>,
    );
    const select = screen.getByRole('button', { name: 'Select' });
    fireEvent.mouseEnter(select);
    expect(await screen.findByText('Select: keep this item (it moves to selected)')).toBeTruthy();
  });
});
