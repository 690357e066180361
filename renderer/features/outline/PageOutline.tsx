import { DownOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HiddenIcon } from '../../layout/HiddenIcon';
import { useMediaQuery } from '../../layout/useMediaQuery';
import { OUTLINE_BESIDE, type OutlineItem } from './outlineItem';

function OutlineLinks({
  items,
  active,
  onFollow,
}: {
  items: readonly OutlineItem[];
  active: string | undefined;
  onFollow?: () => void;
}) {
  return (
    <ol className="page-outline__list">
      {items.map(({ id, label }) => (
        <li key={id}>
          <a
            href={`#${id}`}
            className="page-outline__link"
            aria-current={id === active ? 'location' : undefined}
            onClick={onFollow}
          >
            {label}
          </a>
        </li>
      ))}
    </ol>
  );
}

/**
 * A long page's table of contents (named by `label` for assistive technology), with the
 * section being read marked. Beside the text on wide
 * screens; on narrower ones a bar that stays under the header, names the current section and
 * opens the list over the page (Escape or a click elsewhere closes it).
 */
export function PageOutline({
  label,
  items,
  active,
}: {
  label: string;
  items: readonly OutlineItem[];
  active: string | undefined;
}) {
  const { t } = useTranslation('common');
  const title = t('outline.label');
  const beside = useMediaQuery(OUTLINE_BESIDE);
  const folded = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!folded.current?.contains(event.target as Node)) folded.current?.removeAttribute('open');
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
    };
  }, [open]);

  if (beside) {
    return (
      <nav className="page-outline page-outline--beside" aria-label={label}>
        <p className="page-outline__title" aria-hidden="true">
          {title}
        </p>
        <OutlineLinks items={items} active={active} />
      </nav>
    );
  }
  const current = items.find((item) => item.id === active);
  return (
    <nav className="page-outline page-outline--folded" aria-label={label}>
      <details
        ref={folded}
        className="page-outline__fold"
        onToggle={(event) => {
          setOpen(event.currentTarget.open);
        }}
        onKeyDown={(event) => {
          // The element's own state: the toggle event that updates `open` may not have run yet
          // when a quick reader presses Escape just after opening.
          if (event.key !== 'Escape' || !event.currentTarget.open) return;
          event.currentTarget.removeAttribute('open');
          event.currentTarget.querySelector('summary')?.focus();
        }}
      >
        <summary className="page-outline__summary">
          <span className="page-outline__title">{title}</span>
          {current && <span className="page-outline__current">{current.label}</span>}
          <HiddenIcon icon={DownOutlined} className="page-outline__marker" />
        </summary>
        <OutlineLinks
          items={items}
          active={active}
          onFollow={() => folded.current?.removeAttribute('open')}
        />
      </details>
    </nav>
  );
}
