import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { CategoryIcon } from '../../renderer/features/dictionary/CategoryIcon';
import { RiskIcon } from '../../renderer/features/risks/RiskIcon';
import { RISKS } from '../../renderer/features/risks/riskCatalog';
import { RiskLevelIcon } from '../../renderer/features/strategies/RiskLevelIcon';
import {
  DRAWER_LINKS,
  NOT_FOUND_SUGGESTIONS,
  TAB_BAR_LINKS,
} from '../../renderer/layout/navigation';
import { NavigationIcon } from '../../renderer/layout/navigationIcons';
import { TERM_CATEGORIES } from '../../shared/catalog';

/** The icon an element draws (antd names it in its class), once checked hidden from readers. */
function hiddenIcon(element: ReactElement): string {
  const { container } = render(element);
  const wrapper = container.firstElementChild;
  expect(wrapper?.getAttribute('aria-hidden')).toBe('true');
  const icon = wrapper?.querySelector('.anticon');
  expect(icon?.querySelector('svg')).not.toBeNull();
  return [...(icon?.classList ?? [])].find((name) => name.startsWith('anticon-')) ?? '';
}

describe('icons', () => {
  it('give every section of the menus its own icon, hidden from assistive technology', () => {
    const sections = [...new Set([...DRAWER_LINKS, ...TAB_BAR_LINKS, ...NOT_FOUND_SUGGESTIONS])];
    const icons = sections.map((link) => hiddenIcon(<NavigationIcon to={link.to} />));
    expect(new Set(icons).size).toBe(sections.length);
  });

  it('tell the seven dictionary categories, the twelve risks and the three levels apart', () => {
    for (const icons of [
      TERM_CATEGORIES.map((category) => hiddenIcon(<CategoryIcon category={category} />)),
      RISKS.map((risk) => hiddenIcon(<RiskIcon risk={risk} />)),
      (['low', 'medium', 'high'] as const).map((level) =>
        hiddenIcon(<RiskLevelIcon level={level} />),
      ),
    ]) {
      expect(new Set(icons).size).toBe(icons.length);
    }
  });
});
