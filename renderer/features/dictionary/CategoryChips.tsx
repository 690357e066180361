import { useTranslation } from 'react-i18next';
import { TERM_CATEGORIES, type TermCategory } from '../../../shared/catalog';
import { CategoryIcon } from './CategoryIcon';

/** One toggle button per category with its count, and "All": the pressed one is the filter. */
export function CategoryChips({
  counts,
  total,
  selected,
  onSelect,
}: {
  counts: ReadonlyMap<TermCategory, number>;
  total: number;
  selected: TermCategory | null;
  onSelect: (category: TermCategory | null) => void;
}) {
  const { t } = useTranslation('dictionary');
  const chips: { value: TermCategory | null; name: string; count: number }[] = [
    { value: null, name: t('allCategories'), count: total },
    ...TERM_CATEGORIES.map((category) => ({
      value: category,
      name: t(`category.${category}`),
      count: counts.get(category) ?? 0,
    })),
  ];
  return (
    <div className="chip-group" role="group" aria-label={t('categoriesLabel')}>
      {chips.map((chip) => (
        <button
          key={chip.value ?? 'all'}
          type="button"
          className="chip"
          aria-pressed={selected === chip.value}
          onClick={() => {
            onSelect(chip.value);
          }}
        >
          {chip.value && <CategoryIcon category={chip.value} />}
          {t('chip', { name: chip.name, count: chip.count })}
        </button>
      ))}
    </div>
  );
}
