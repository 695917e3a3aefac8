import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  signOut(): void;
  reload(): void;
  devTools: boolean;
  isMac: boolean;
}

/** The application menu: Sign out and Reload where a user looks for them, plus the usual roles. */
export function menuTemplate(actions: MenuActions): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = [
    { label: 'Reload', accelerator: 'CmdOrCtrl+R', click: () => actions.reload() },
    { type: 'separator' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
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
