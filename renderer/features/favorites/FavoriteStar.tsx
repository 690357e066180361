import { useTranslation } from 'react-i18next';
import { memo } from 'react';

/**
 * A toggle button named after its token: pressed (a filled star) when the token is a favorite;
 * the tooltip says what a click will do.
 */
export const FavoriteStar = memo(function FavoriteStar({
  id,
  name,
  on,
  onToggle,
}: {
  id: string;
  name: string;
  on: boolean;
  onToggle: (id: string) => void;
}) {
  const { t } = useTranslation('tokens');
  return (
    <button
      type="button"
      className="favorite-star"
      aria-pressed={on}
      aria-label={t('favorite.toggle', { name })}
      title={t(on ? 'favorite.remove' : 'favorite.add', { name })}
      onClick={() => {
        onToggle(id);
      }}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M12 2.8l2.8 5.7 6.3.9-4.6 4.4 1.1 6.2L12 17.1 6.4 20l1.1-6.2L2.9 9.4l6.3-.9z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
});
