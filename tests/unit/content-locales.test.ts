import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../renderer/i18n/languages';
import { PRACTICES, RISKS } from '../../renderer/features/risks/riskCatalog';
import { CASE_STUDIES, STRATEGIES } from '../../renderer/features/strategies/strategyCatalog';
import type about from '../../renderer/i18n/locales/fr/about.json';
import type faq from '../../renderer/i18n/locales/fr/faq.json';
import type legal from '../../renderer/i18n/locales/fr/legal.json';
import type risks from '../../renderer/i18n/locales/fr/risks.json';
import type strategies from '../../renderer/i18n/locales/fr/strategies.json';

// The counts content/README.md sets for the pages whose content lives in the renderer, in each
// language.

const files = import.meta.glob<unknown>('../../renderer/i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});
function load(language: string, namespace: string): unknown {
  return files[`../../renderer/i18n/locales/${language}/${namespace}.json`];
}

describe.each(LANGUAGES)('%s', (language) => {
  it('has 13 strategies, each with 3+ pros and 3+ cons, and 3 case studies', () => {
    const { items, caseStudies } = load(language, 'strategies') as typeof strategies;
    expect(Object.keys(items)).toEqual(STRATEGIES.map(({ key }) => key));
    for (const item of Object.values(items)) {
      expect(item.pros.length).toBeGreaterThanOrEqual(3);
      expect(item.cons.length).toBeGreaterThanOrEqual(3);
    }
    expect(Object.keys(caseStudies).filter((key) => key !== 'intro')).toEqual([...CASE_STUDIES]);
  });

  it('has the 12 risk types, each with a dated real example, and 7 practices', () => {
    const { items, practices } = load(language, 'risks') as typeof risks;
    expect(Object.keys(items)).toEqual([...RISKS]);
    for (const item of Object.values(items)) {
      expect(item.example.when).toMatch(/\b(1[89]|20)\d\d\b/);
      expect(item.examples.length).toBeGreaterThanOrEqual(3);
    }
    expect(Object.keys(practices)).toEqual([...PRACTICES]);
  });

  it('has 22 questions in the 4 FAQ categories', () => {
    const { items } = load(language, 'faq') as typeof faq;
    expect(Object.keys(items)).toEqual(['platform', 'features', 'content', 'privacy']);
    expect(Object.values(items).reduce((sum, group) => sum + Object.keys(group).length, 0)).toBe(
      22,
    );
  });

  it('has the about page with its four values, and the four legal texts', () => {
    const page = load(language, 'about') as typeof about;
    expect(Object.keys(page.values).filter((key) => key !== 'title')).toEqual([
      'transparency',
      'education',
      'accessibility',
      'security',
    ]);
    const texts = load(language, 'legal') as typeof legal;
    for (const document of [texts.notice, texts.privacy, texts.cookies, texts.terms]) {
      expect(document.sections.length).toBeGreaterThan(0);
    }
  });
});
