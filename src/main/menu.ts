import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  signOut(): void;
  reload(): void;
  devTools: boolean;
  isMac: boolean;
}

/**
 * The application menu: Sign out and Reload where a user looks for them, plus the usual roles.
 * Zoom has explicit accelerators: Ctrl/Cmd with +, = (the same key without Shift on most
 * layouts, as browsers accept), - and 0. The = one is a hidden twin of Zoom In, since a menu item
 * shows one accelerator only.
 */
export function menuTemplate(actions: MenuActions): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = [
    { label: 'Reload', accelerator: 'CmdOrCtrl+R', click: () => actions.reload() },
    { type: 'separator' },
    { role: 'resetZoom', accelerator: 'CmdOrCtrl+0' },
    { role: 'zoomIn', accelerator: 'CmdOrCtrl+Plus' },
    {
      role: 'zoomIn',
      accelerator: 'CmdOrCtrl+=',
      visible: false,
      acceleratorWorksWhenHidden: true,
    },
    { role: 'zoomOut', accelerator: 'CmdOrCtrl+-' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  if (actions.devTools) view.push({ role: 'toggleDevTools' });
  return [
    ...(actions.isMac ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Sign out', accelerator: 'CmdOrCtrl+Shift+Q', click: () => actions.signOut() },
        { type: 'separator' },
        actions.isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
  ];
}
