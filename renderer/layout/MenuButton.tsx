import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './menu-button.css';

export type MenuEntry =
  | {
      readonly key: string;
      readonly label: ReactNode;
      readonly icon?: ReactNode;
      /** Set for choice menus (language, theme): the item is a menuitemradio. */
      readonly checked?: boolean;
      readonly danger?: boolean;
    }
  | { readonly key: string; readonly note: ReactNode }
  | { readonly key: string; readonly divider: true };

interface MenuButtonProps {
  readonly label: ReactNode;
  /** The accessible name when the visible label is only an icon or a short code. */
  readonly ariaLabel?: string;
  readonly className?: string;
  readonly entries: readonly MenuEntry[];
  readonly onSelect: (key: string) => void;
  readonly align?: 'start' | 'end';
}

const isItem = (entry: MenuEntry) => 'label' in entry;

/**
 * A button that opens a menu, following the WAI-ARIA menu button pattern: Enter, Space or the
 * arrows open it on an item; arrows, Home and End move; Escape closes and focus returns to the
 * button; a click outside or Tab closes it. Written here rather than taken from antd so the
 * header carries no component library on a first visit.
 */
export function MenuButton({
  label,
  ariaLabel,
  className,
  entries,
  onSelect,
  align = 'start',
}: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const itemKeys = entries.filter(isItem).map((entry) => entry.key);
  const itemCount = itemKeys.length;

  useEffect(() => {
    if (open) items.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutsideClick);
    };
  }, [open]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') openAt(0);
    else if (event.key === 'ArrowUp') openAt(itemCount - 1);
    else return;
    event.preventDefault();
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowDown: (focusIndex + 1) % itemCount,
      ArrowUp: (focusIndex - 1 + itemCount) % itemCount,
      Home: 0,
      End: itemCount - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      setFocusIndex(target);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className={`menu-button ${className ?? ''}`} ref={root}>
      <button
        ref={button}
        type="button"
        className="menu-button__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={ariaLabel}
        onClick={() => {
          if (open) close(false);
          else openAt(0);
        }}
        onKeyDown={onButtonKeyDown}
      >
        {label}
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          className={`menu-button__menu menu-button__menu--${align}`}
          onKeyDown={onMenuKeyDown}
        >
          {entries.map((entry) => {
            if ('divider' in entry)
              return <li key={entry.key} role="separator" className="menu-button__divider" />;
            if ('note' in entry) {
              return (
                <li key={entry.key} role="presentation" className="menu-button__note">
                  {entry.note}
                </li>
              );
            }
            const index = itemKeys.indexOf(entry.key);
            return (
              <li key={entry.key} role="none">
                <button
                  ref={(element) => {
                    items.current[index] = element;
                  }}
                  type="button"
                  role={entry.checked === undefined ? 'menuitem' : 'menuitemradio'}
                  aria-checked={entry.checked}
                  tabIndex={index === focusIndex ? 0 : -1}
                  className={
                    entry.danger
                      ? 'menu-button__item menu-button__item--danger'
                      : 'menu-button__item'
                  }
                  onClick={() => {
                    close(true);
                    onSelect(entry.key);
                  }}
                >
                  {entry.icon && (
                    <span className="menu-button__icon" aria-hidden="true">
                      {entry.icon}
                    </span>
                  )}
                  <span className="menu-button__label">{entry.label}</span>
                  {entry.checked && <span className="menu-button__check" aria-hidden="true" />}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
