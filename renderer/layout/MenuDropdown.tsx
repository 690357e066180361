import { useRef, type ReactElement } from 'react';
import { Dropdown } from 'antd';
import type { MenuProps } from 'antd';

interface MenuDropdownProps {
  readonly menu: MenuProps;
  /** Gap between the button and the menu, in pixels. */
  readonly gap?: number;
  readonly children: ReactElement;
}

/**
 * The header's menus: open on click or Enter, focus their first item so the arrow keys work, and
 * hand focus back to their button when they close (antd leaves it on the hidden menu, which strands
 * keyboard users at the top of the page).
 */
export function MenuDropdown({ menu, gap, children }: MenuDropdownProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dropdown
      trigger={['click']}
      autoFocus
      menu={menu}
      align={gap === undefined ? undefined : { offset: [0, gap] }}
      onOpenChange={(open) => {
        if (open) {
          opener.current =
            document.activeElement instanceof HTMLElement ? document.activeElement : null;
          return;
        }
        requestAnimationFrame(() => {
          const focused = document.activeElement;
          // Focus left on <body>, or on an item of the menu that is now hidden.
          const stranded =
            !focused || focused === document.body || focused.closest('.ant-dropdown') !== null;
          if (stranded) opener.current?.focus();
        });
      }}
    >
      {children}
    </Dropdown>
  );
}
