import { Select } from 'antd';
import type { FieldDescription } from '../../forms/FormField';
import { foldForSearch } from '../search/matchesQuery';

export interface RelatedOption {
  slug: string;
  title: string;
}

/**
 * The related terms, chosen among the existing ones: a combobox that finds a term by its title
 * or slug as one types (accents and case ignored), each choice shown as a removable tag.
 */
export function RelatedTermsSelect({
  id,
  value,
  options,
  description,
  onChange,
  onBlur,
}: {
  id: string;
  value: readonly string[];
  options: readonly RelatedOption[];
  description: FieldDescription;
  onChange: (related: string[]) => void;
  onBlur: () => void;
}) {
  return (
    <Select
      id={id}
      mode="multiple"
      className="admin-terms__related"
      value={[...value]}
      options={options.map((option) => ({
        value: option.slug,
        label: `${option.title} (${option.slug})`,
      }))}
      showSearch={{
        filterOption: (input, option) =>
          option !== undefined && foldForSearch(option.label).includes(foldForSearch(input)),
      }}
      status={description['aria-invalid'] ? 'error' : undefined}
      aria-describedby={description['aria-describedby']}
      aria-invalid={description['aria-invalid']}
      onChange={onChange}
      onBlur={onBlur}
      style={{ width: '100%' }}
    />
  );
}
