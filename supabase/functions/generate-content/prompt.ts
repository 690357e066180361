// The prompt contract of the content generator: what the model is told (the content rules, the
// task, the exact JSON to answer with). The answer is then checked by output.ts with the same
// rules the seed and the admin editors use, so the prompt states them and the check enforces
// them. The user message is a list of `Name: value` lines first (Task, Topic, Token, Section,
// Form, Existing slugs), one per line, so that a log or a test double can read the request back.

import { LANGUAGES, type Language } from './contentRules.ts';

export type { Language };

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export interface TermPrompt {
  kind: 'term';
  topic: string;
  /** Every slug of the dictionary: `related` must be taken from them, `slug` must not. */
  existingSlugs: readonly string[];
}

export interface TokenSectionPrompt {
  kind: 'tokenSection';
  /** May be '' (the section as a whole). */
  topic: string;
  token: { id: string; name: string; symbol: string; rank: number | null };
  section: string;
  form: 'text' | 'list';
  /** The sheet's current text of the section, per language, when it has one. */
  current: Partial<Record<Language, string | readonly string[]>>;
}

export type GenerationPrompt = TermPrompt | TokenSectionPrompt;

export const SYSTEM_PROMPT = [
  'You write for Blockademia, a free school that teaches crypto-assets and blockchains to ' +
    'beginners, in French, English and Spanish. Every rule below is mandatory.',
  '1. Teach, never advise. Explain what a thing is, how it works, what it is used for and what ' +
    'its risks are. Never tell the reader to buy, sell, hold, stake or invest; never recommend ' +
    'a token, a platform or a product; never call anything a good or a bad investment.',
  '2. No price prediction and no promise of gains: no target price, no "could rise", no ' +
    'expected return.',
  '3. Date every fact that can change (a figure, a price, a rank, a supply, a number of users, ' +
    'the state of a project) with the month and year it was true: "as of March 2024", ' +
    '"en mars 2024", "en marzo de 2024". Past events keep their date ("launched in January ' +
    '2009"). If you do not know when a figure was true, leave the figure out.',
  '4. Never write "currently", "recently", "today", "now" or "this year" (nor "actuellement", ' +
    '"récemment", "aujourd\'hui", "actualmente", "recientemente", "hoy") without a date.',
  '5. Neutral and factual: no hype, no marketing words, no opinion; a weakness is stated as ' +
    'plainly as a strength.',
  '6. French addresses the reader as "vous", Spanish as "usted"; English is plain and simple. ' +
    'The three languages say the same thing, each written natively, not word for word.',
  '7. Plain text only: no Markdown, no HTML, no emoji, no links, no placeholder. No text starts ' +
    'or ends with a space.',
  'Answer with one JSON object in exactly the shape asked for: no other key, no text around ' +
    'it, no code fence.',
].join('\n');

/** What each token section is for and how long it is: the sheet's sections, in its order. */
export const SECTION_GUIDES: Readonly<Record<string, { purpose: string; length: string }>> = {
  about: {
    purpose:
      'an introduction: what the project is, who started it and when, and what its token is used for',
    length: 'one paragraph of 60 to 150 words',
  },
  quick_summary: {
    purpose: 'what the token is, in one sentence, shown in the list and at the top of the sheet',
    length: 'one sentence of at most 300 characters',
  },
  use_cases: {
    purpose: 'what the token is used for, one use per item',
    length: '3 to 6 items, each one short sentence of at most 200 characters',
  },
  strengths: {
    purpose: "the project's strengths, stated as facts, one per item",
    length: '3 to 6 items, each one short sentence of at most 200 characters',
  },
  challenges: {
    purpose: "the project's weaknesses, risks and open problems, one per item",
    length: '3 to 6 items, each one short sentence of at most 200 characters',
  },
  how_to_buy: {
    purpose:
      'how the token is obtained in general (kinds of platforms, identity checks, network fees, ' +
      'checking the ticker, the contract address and the network), without naming a platform to choose',
    length: 'one paragraph of 40 to 120 words',
  },
  how_to_store: {
    purpose:
      'how the token is kept (kinds of wallets, the recovery phrase, the risk of leaving it on a platform)',
    length: 'one paragraph of 40 to 120 words',
  },
  common_mistakes: {
    purpose: 'mistakes beginners make with this token (wrong network, fake sites...), one per item',
    length: '3 to 6 items, each one short sentence of at most 200 characters',
  },
  history: {
    purpose: "the project's history, as dated milestones told in order",
    length: 'one paragraph of 80 to 200 words',
  },
  technology: {
    purpose: 'how its technology works (consensus, architecture), for a curious beginner',
    length: 'one paragraph of 80 to 200 words',
  },
  ecosystem: {
    purpose:
      'the ecosystem around the token: applications, networks, organisations, with a date for every figure',
    length: 'one paragraph of 80 to 200 words',
  },
};

const TERM_CATEGORIES = 'technology, security, trading, defi, tokens, markets, governance';
const CURRENT_TEXT_MAX = 3_000;

function termMessage(prompt: TermPrompt, today: string): string {
  return [
    'Task: term',
    `Topic: ${prompt.topic}`,
    `Existing slugs: ${prompt.existingSlugs.join(', ')}`,
    `Today's date: ${today}`,
    '',
    'Write the dictionary entry for this topic, as this JSON object:',
    '{"slug": "...", "category": "...", "related": ["...", "..."], "translations": {' +
      '"fr": {"title": "...", "short_definition": "...", "body": "...", "example": "..."}, ' +
      '"en": {the same four keys}, "es": {the same four keys}}}',
    '- slug: the term\'s English name in lower-case words of a-z and 0-9 joined by "-" ' +
      '(for example "proof-of-stake"), at most 100 characters, and none of the existing slugs.',
    `- category: one of ${TERM_CATEGORIES}.`,
    '- related: 2 to 5 different slugs, taken only from the existing slugs, the closest in meaning.',
    "- title: the term's name in that language, at most 200 characters.",
    '- short_definition: one sentence that defines the term, at most 500 characters.',
    '- body: the explanation, a single paragraph of 80 to 250 words (aim for about 150).',
    '- example: one concrete situation that shows the term at work, 30 to 80 words.',
  ].join('\n');
}

function currentText(value: string | readonly string[] | undefined): string {
  if (value === undefined) return '(none)';
  const text = typeof value === 'string' ? value : value.map((item) => `- ${item}`).join('\n');
  return text.length > CURRENT_TEXT_MAX ? `${text.slice(0, CURRENT_TEXT_MAX)}…` : text;
}

function tokenSectionMessage(prompt: TokenSectionPrompt, today: string): string {
  const { token, section, form } = prompt;
  const guide = SECTION_GUIDES[section] ?? { purpose: section, length: 'a short text' };
  const rank = token.rank === null ? 'unranked' : `market-cap rank ${token.rank}`;
  const shape =
    form === 'list'
      ? '{"fr": ["...", "..."], "en": ["...", "..."], "es": ["...", "..."]}'
      : '{"fr": "...", "en": "...", "es": "..."}';
  return [
    'Task: tokenSection',
    `Topic: ${prompt.topic === '' ? '(none: write the whole section)' : prompt.topic}`,
    `Token: ${token.name} (${token.symbol}), provider id ${token.id}, ${rank} when its sheet was written`,
    `Section: ${section}`,
    `Form: ${form}`,
    `Today's date: ${today}`,
    '',
    `Write the "${section}" section of this token's sheet: ${guide.purpose}.`,
    `Answer with this JSON object: ${shape}`,
    form === 'list'
      ? `- Each language holds ${guide.length}; the same items in the same order in every language.`
      : `- Each language holds ${guide.length}.`,
    '- The topic, when there is one, is the angle the section should take.',
    '',
    "The sheet's current text of this section, to improve on or replace:",
    ...LANGUAGES.map((language) => `${language}: ${currentText(prompt.current[language])}`),
  ].join('\n');
}

/** The two messages of a generation: the content rules, then the task and its JSON shape. */
export function buildMessages(prompt: GenerationPrompt, today: string): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    {
      role: 'user',
      content:
        prompt.kind === 'term' ? termMessage(prompt, today) : tokenSectionMessage(prompt, today),
    },
  ];
}
