import type { TokenTextSection } from '../../../shared/content/tokenRules';

/** The heading a sheet shows for each section (`tokens:sheet.*`), reused to name it here. */
export const SECTION_LABEL_KEY = {
  about: 'sheet.about',
  quick_summary: 'sheet.quickSummary',
  use_cases: 'sheet.useCases',
  strengths: 'sheet.strengths',
  challenges: 'sheet.challenges',
  how_to_buy: 'sheet.howToBuy',
  how_to_store: 'sheet.howToStore',
  common_mistakes: 'sheet.commonMistakes',
  history: 'sheet.history',
  technology: 'sheet.technology',
  ecosystem: 'sheet.ecosystem',
} as const satisfies Record<TokenTextSection, `sheet.${string}`>;
