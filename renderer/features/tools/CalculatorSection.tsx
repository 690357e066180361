import type { ReactNode } from 'react';

/** A calculator's frame: its title, what it computes, its fields, then its result. */
export function CalculatorSection({
  id,
  title,
  intro,
  fields,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  fields: ReactNode;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <section className="tools-calculator" aria-labelledby={titleId}>
      <h2 id={titleId} className="tools-calculator__title">
        {title}
      </h2>
      <p className="tools-calculator__intro">{intro}</p>
      <div className="tools-form">{fields}</div>
      {children}
    </section>
  );
}
