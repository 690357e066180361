import type { FocusEvent, ReactNode } from 'react';

/** A calculator's frame: its title, what it computes, its fields, then its result. */
export function CalculatorSection({
  id,
  title,
  intro,
  fields,
  onFieldsLeft,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  fields: ReactNode;
  /** The focus went from a field to somewhere outside the fields. */
  onFieldsLeft: () => void;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!(
      event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)
    )) {
      onFieldsLeft();
    }
  };
  return (
    <section className="tools-calculator" aria-labelledby={titleId}>
      <h2 id={titleId} className="tools-calculator__title">
        {title}
      </h2>
      <p className="tools-calculator__intro">{intro}</p>
      <div className="tools-form" onBlur={onBlur}>
        {fields}
      </div>
      {children}
    </section>
  );
}
