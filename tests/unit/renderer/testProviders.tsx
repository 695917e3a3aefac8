import { act, fireEvent, render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { screenAt } from '../../../src/renderer/app/routes';
import type { ComponentProps, ReactNode, Ref } from 'react';
import { ItemCard, type ItemCardHandle } from '../../../src/renderer/features/review/ItemCard';
import { PlainLookProvider } from '../../../src/renderer/ui/look/PlainLookProvider';

type Store = ReturnType<typeof createStore>;

/**
 * What a renderer test draws its screen inside, as the app's shell (AntShell) gives it: the store,
 * Ant Design, the plain look of cards and rows, and Ant Design's App (messages, confirms). Motion
 * is off so that a closed confirm or modal leaves the page at once, not after its animation.
 */
export function TestProviders({ store, children }: { store: Store; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <PlainLookProvider>
          <AntApp>{children}</AntApp>
        </PlainLookProvider>
      </ConfigProvider>
    </Provider>
  );
}

type CardProps = ComponentProps<typeof ItemCard>;

/** One review card alone: a tweet card, not focused, whose focus and change go nowhere unless given. */
export function LoneCard({
  handle,
  ...props
}: Pick<CardProps, 'item'> & Partial<CardProps> & { handle?: Ref<ItemCardHandle> }) {
  return (
    <ItemCard
      ref={handle}
      filterType="tweets"
      keywords={[]}
      focused={false}
      onFocus={() => undefined}
      onChanged={() => undefined}
      {...props}
    />
  );
}

/** The screen a route shows (the screen registries), drawn at that route in a fresh store. */
export async function renderScreenAt(path: string) {
  const Screen = await screenAt(path);
  return render(
    <TestProviders store={createStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Screen />
      </MemoryRouter>
    </TestProviders>,
  );
}

/**
 * The reviewer's pointer comes onto a card, as it does before any click on it: the card draws its
 * keyword form and its decisions' tooltips (useLateKeywordForm.ts, issue 51). Until then a card
 * shows the form's stand-in, whose boxes a click or a key would replace under a test's hand.
 */
export function reachCard(card: HTMLElement): void {
  act(() => {
    fireEvent.pointerOver(card);
  });
}
