import type { ComponentType } from 'react';

/**
 * An antd icon beside a text that already names the same thing: hidden from assistive
 * technology, whose reader would otherwise hear the icon's English name ("home", "lock").
 */
export function HiddenIcon({ icon: Icon, className }: { icon: ComponentType; className?: string }) {
  return (
    <span className={className} aria-hidden="true">
      <Icon />
    </span>
  );
}
