import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AutoComplete,
  Button,
  Card,
  Checkbox,
  ConfigProvider,
  Form,
  Select,
  Tag,
  Tooltip,
} from 'antd';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { darkTheme, theme } from '../../../src/renderer/app/theme';
import { PlainButton } from '../../../src/renderer/ui/look/PlainButton';
import { PlainCheckbox } from '../../../src/renderer/ui/look/PlainCheckbox';
import { PlainTooltip } from '../../../src/renderer/ui/look/PlainTooltip';
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

describe("a review card's plain elements in Ant Design's card, checkbox, form and select classes", () => {
  const inLook = (node: ReactNode, appTheme = theme) =>
    render(
      <ConfigProvider theme={appTheme}>
        <PlainLookProvider>{node}</PlainLookProvider>
      </ConfigProvider>,
    );

  function Plain({ checked }: { checked: boolean }) {
    const { card, field } = usePlainLook();
    return (
      <div data-testid="plain">
        <div className={card.card}>
          <label className={card.checkboxWrapper(checked)}>
            <span className={card.checkbox(checked)}>plain box</span>
          </label>
        </div>
        <div className={field.form}>
          <div className={field.formItem}>
            <div className={field.select('autoComplete')}>plain keyword</div>
          </div>
          <div className={field.formItem}>
            <div className={field.select('clearableSelect')}>plain type</div>
          </div>
          <div className={field.formItem}>
            <div className={field.select('select')}>plain usage</div>
          </div>
        </div>
      </div>
    );
  }

  function Antd({ checked }: { checked: boolean }) {
    return (
      <div data-testid="antd">
        <Card size="small" title="t">
          <Checkbox checked={checked} />
        </Card>
        <Form layout="inline" initialValues={{ type: 'NO_FILTER' }}>
          <Form.Item name="keyword">
            <AutoComplete aria-label="antd keyword" />
          </Form.Item>
          <Form.Item name="type">
            <Select aria-label="antd type" allowClear options={[{ value: 'NO_FILTER' }]} />
          </Form.Item>
          <Form.Item name="usage">
            <Select aria-label="antd usage" />
          </Form.Item>
        </Form>
      </div>
    );
  }

  for (const [name, appTheme] of [
    ['light', theme],
    ['dark', darkTheme],
  ] as const)
    it.each([false, true])(
      `has the classes of Card, Checkbox, Form and Select (checked %s, ${name} theme)`,
      (checked) => {
        inLook(
          <>
            <Antd checked={checked} />
            <Plain checked={checked} />
          </>,
          appTheme,
        );
        const antd = screen.getByTestId('antd');
        const plain = screen.getByTestId('plain');
        const pick = (root: HTMLElement, selector: string) => {
          const found = root.querySelectorAll(selector);
          return Array.from(found, classesOf);
        };
        // The card's root, the checkbox's label and box, the form, its items and their selects.
        for (const selector of [
          '.ant-card',
          '.ant-checkbox-wrapper',
          '.ant-checkbox',
          '.ant-form',
          '.ant-form-item',
          '.ant-select',
        ]) {
          expect(pick(antd, selector).length, selector).toBeGreaterThan(0);
          expect(pick(plain, selector), selector).toEqual(pick(antd, selector));
        }
      },
    );
});

describe('a plain checkbox', () => {
  it('is a labelled native checkbox whose change carries the shift key of its click', () => {
    const changes: boolean[] = [];
    function Box() {
      const [checked, setChecked] = useState(false);
      return (
        <PlainCheckbox
          aria-label="Choose item 7"
          checked={checked}
          onChange={(event) => {
            changes.push(event.nativeEvent instanceof MouseEvent && event.nativeEvent.shiftKey);
            setChecked(event.target.checked);
          }}
        />
      );
    }
    render(
      <ConfigProvider theme={theme}>
        <PlainLookProvider>
          <Box />
        </PlainLookProvider>
      </ConfigProvider>,
    );
    const box = screen.getByRole('checkbox', { name: 'Choose item 7' }) as HTMLInputElement;
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    expect(box.closest('label')?.className).toContain('ant-checkbox-wrapper-checked');
    fireEvent.click(box, { shiftKey: true });
    expect(box.checked).toBe(false);
    expect(changes).toEqual([false, true]);
  });
});

describe('a plain tooltip', () => {
  function Tipped() {
    return (
      <>
        <button type="button">Before</button>
        <PlainTooltip title="Select: keep this item (it moves to selected)">
          {(tip) => (
            <PlainButton {...tip} look={{ primary: false, danger: false }}>
              Select
            </PlainButton>
          )}
        </PlainTooltip>
      </>
    );
  }
  const inLook = () =>
    render(
      <ConfigProvider theme={theme}>
        <PlainLookProvider>
          <Tipped />
        </PlainLookProvider>
      </ConfigProvider>,
    );

  it("shows Tooltip's panel while the pointer rests on the button, named as its description", async () => {
    inLook();
    const select = screen.getByRole('button', { name: 'Select' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerOver(select);
    // Its first drawing registers the tooltip's styles: slow on a loaded machine.
    const tip = await screen.findByRole('tooltip', {}, { timeout: 10_000 });
    expect(tip.textContent).toBe('Select: keep this item (it moves to selected)');
    expect(tip.closest('.ant-tooltip')).not.toBeNull();
    expect(select.getAttribute('aria-describedby')).toBe(tip.id);
    // The same button throughout: nothing under the pointer is drawn anew.
    expect(screen.getByRole('button', { name: 'Select' })).toBe(select);
    fireEvent.pointerOut(select);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(select.hasAttribute('aria-describedby')).toBe(false);
  });

  it('shows none for the focus a press brings', () => {
    vi.useFakeTimers();
    try {
      inLook();
      const select = screen.getByRole('button', { name: 'Select' });
      fireEvent.pointerDown(select);
      act(() => select.focus());
      fireEvent.pointerUp(select);
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.queryByRole('tooltip')).toBeNull();
      // The next focus, from the keyboard, shows it.
      act(() => screen.getByRole('button', { name: 'Before' }).focus());
      act(() => select.focus());
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.getByRole('tooltip').textContent).toContain('it moves to selected');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows it when the keyboard brings the focus to the button', async () => {
    inLook();
    act(() => screen.getByRole('button', { name: 'Before' }).focus());
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Select' }));
    expect((await screen.findByRole('tooltip', {}, { timeout: 10_000 })).textContent).toContain(
      'it moves to selected',
    );
    await userEvent.tab({ shift: true });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});
