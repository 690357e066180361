import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MenuButton } from '../../renderer/layout/MenuButton';

function renderMenu(onSelect = vi.fn()) {
  render(
    <MenuButton
      label="Resources"
      entries={[
        { key: '/tools', label: 'Tools' },
        { key: 'divider', divider: true },
        { key: '/faq', label: 'FAQ' },
        { key: '/risks', label: 'Risks', checked: true },
      ]}
      onSelect={onSelect}
    />,
  );
  return { trigger: screen.getByRole('button', { name: 'Resources' }), onSelect };
}

const focusedName = () => document.activeElement?.textContent;

describe('menu button', () => {
  it('is closed at first and says it opens a menu', () => {
    const { trigger } = renderMenu();
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens on its first item, moves with the arrows, Home and End, and wraps', () => {
    const { trigger } = renderMenu();
    act(() => {
      trigger.click();
    });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(focusedName()).toBe('Tools');
    const menu = screen.getByRole('menu');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(focusedName()).toBe('FAQ');
    fireEvent.keyDown(menu, { key: 'End' });
    expect(focusedName()).toBe('Risks');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(focusedName()).toBe('Tools');
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(focusedName()).toBe('Risks');
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(focusedName()).toBe('Tools');
  });

  it('opens on the last item with ArrowUp', () => {
    const { trigger } = renderMenu();
    fireEvent.keyDown(trigger, { key: 'ArrowUp' });
    expect(focusedName()).toBe('Risks');
  });

  it('marks choices as radio items with their state', () => {
    const { trigger } = renderMenu();
    act(() => {
      trigger.click();
    });
    const choice = screen.getByRole('menuitemradio', { name: 'Risks' });
    expect(choice.getAttribute('aria-checked')).toBe('true');
    expect(screen.getAllByRole('menuitem')).toHaveLength(2);
    expect(screen.getByRole('separator')).toBeTruthy();
  });

  it('Escape closes and gives focus back to the button', () => {
    const { trigger } = renderMenu();
    act(() => {
      trigger.click();
    });
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('choosing an item reports its key, closes and refocuses the button', () => {
    const { trigger, onSelect } = renderMenu();
    act(() => {
      trigger.click();
    });
    act(() => {
      screen.getByRole('menuitem', { name: 'FAQ' }).click();
    });
    expect(onSelect).toHaveBeenCalledWith('/faq');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('a press outside closes it', () => {
    const { trigger } = renderMenu();
    act(() => {
      trigger.click();
    });
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
