import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { createElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { QuizQuestionField } from '../../renderer/features/learning/QuizQuestionField';
import { inOrder, reordered, shuffledOrders } from '../../renderer/features/learning/shuffle';
import type { QuizQuestion } from '../../renderer/features/learning/types';
import enLearning from '../../renderer/i18n/locales/en/learning.json';
import type { ModuleInput } from '../../shared/content/moduleRules';

// The quizzes test knowledge, not form: enough questions, a right answer that is not given away by
// its length or its place, no give-away absolutes, and texts that date what changes. The options
// are shown in a random order on every attempt, yet the key submitted stays the stored one.

const LANGUAGES = ['fr', 'en', 'es'] as const;
const KEYS = ['a', 'b', 'c', 'd'] as const;
const moduleFiles = import.meta.glob<ModuleInput>('../../content/learning/*/module.json', {
  eager: true,
  import: 'default',
});
const answerFiles = import.meta.glob<Record<string, string>>(
  '../../content/learning/*/answers.json',
  { eager: true, import: 'default' },
);

interface LearningModule {
  slug: string;
  module: ModuleInput;
  answers: Record<string, string>;
}

const modules: LearningModule[] = Object.entries(moduleFiles).map(([file, module]) => ({
  slug: module.slug,
  module,
  answers: answerFiles[file.replace(/module\.json$/, 'answers.json')] ?? {},
}));

/** A repeatable sequence in [0, 1), so that a shuffle is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Characters as a reader counts them (an accented letter is one). */
const length = (text: string) => Array.from(text).length;

/** Whether the right option is at least as long as every other one (a tie counts as longest). */
function rightIsLongest(options: readonly { key: string; label: string }[], right: string) {
  const rightLength = length(options.find((option) => option.key === right)?.label ?? '');
  return options.every((option) => option.key === right || length(option.label) <= rightLength);
}

/** A word or phrase of `list`, not inside a longer word (accented letters included). */
const anyOf = (list: string) => new RegExp(`(?<!\\p{L})(${list})(?!\\p{L})`, 'iu');

/** Words that give a wrong option away when only wrong options use them. */
const ABSOLUTES = {
  en: anyOf('always|never|guaranteed?|guarantees|impossible|risk-free'),
  // "garantie" alone is also the noun (collateral): only its adjective uses count.
  fr: anyOf(
    'toujours|jamais|garanti|garantis|garantit|garanties? à|impossible|sans risque|aucun risque',
  ),
  es: anyOf('siempre|nunca|garantizad[oa]s?|garantiza|imposible|sin riesgo|ningún riesgo'),
};

/** Words that date a statement; a sentence may use them only beside a year. */
const UNDATED_NOW = {
  en: anyOf('currently|recently|nowadays|these days|today'),
  fr: anyOf("actuellement|récemment|de nos jours|à l'heure actuelle|aujourd'hui"),
  es: anyOf('actualmente|recientemente|hoy|hoy en día|en la actualidad'),
};
const YEAR = /\b(19|20)\d\d\b/;

/** Every text of one language in a module, with where it is. */
function textsOf(module: ModuleInput, language: (typeof LANGUAGES)[number]): [string, string][] {
  const texts: [string, string][] = [
    ['title', module.translations[language].title],
    ['summary', module.translations[language].summary],
  ];
  module.steps.forEach((step, index) => {
    texts.push([`step ${index + 1} title`, step.translations[language].title]);
    texts.push([`step ${index + 1} body`, step.translations[language].body]);
  });
  module.questions.forEach((question, index) => {
    const text = question.translations[language];
    texts.push([`question ${index + 1} prompt`, text.prompt]);
    for (const option of text.options) {
      texts.push([`question ${index + 1} option ${option.key}`, option.label]);
      texts.push([
        `question ${index + 1} explanation ${option.key}`,
        text.explanations[option.key] ?? '',
      ]);
    }
  });
  return texts;
}

describe('the learning quizzes', () => {
  it('holds the nine modules at least', () => {
    expect(modules.length).toBeGreaterThanOrEqual(9);
  });

  it('asks at least 7 questions in every module, each with one right key', () => {
    for (const { slug, module, answers } of modules) {
      expect(module.questions.length, slug).toBeGreaterThanOrEqual(7);
      expect(Object.keys(answers), slug).toHaveLength(module.questions.length);
      module.questions.forEach((question, index) => {
        const keys = question.translations.en.options.map((option) => option.key);
        expect(keys, `${slug} question ${index + 1}`).toContain(answers[String(index + 1)]);
      });
    }
  });

  it('makes the right option the longest in at most a third of each module, in each language', () => {
    const tooOften: string[] = [];
    for (const { slug, module, answers } of modules) {
      for (const language of LANGUAGES) {
        const longest = module.questions.filter((question, index) =>
          rightIsLongest(question.translations[language].options, answers[String(index + 1)] ?? ''),
        ).length;
        if (longest * 3 > module.questions.length) {
          tooOften.push(`${slug} (${language}): ${longest}/${module.questions.length}`);
        }
      }
    }
    expect(tooOften).toEqual([]);
  });

  it('spreads the right answers over a, b, c and d, none above 35%', () => {
    const counts = new Map<string, number>(KEYS.map((key) => [key, 0]));
    for (const { slug, answers } of modules) {
      const values = Object.values(answers);
      for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
      // Within a module too, no place holds the right answer more than half the time.
      for (const key of KEYS) {
        expect(
          values.filter((value) => value === key).length * 2,
          `${slug}: ${key}`,
        ).toBeLessThanOrEqual(values.length);
      }
    }
    const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
    for (const key of KEYS) {
      const share = (counts.get(key) ?? 0) / total;
      expect(share, key).toBeGreaterThanOrEqual(0.15);
      expect(share, key).toBeLessThanOrEqual(0.35);
    }
  });

  it('uses no absolute word in a wrong option unless the right option uses one too', () => {
    const giveaways: string[] = [];
    for (const { slug, module, answers } of modules) {
      module.questions.forEach((question, index) => {
        const right = answers[String(index + 1)];
        for (const language of LANGUAGES) {
          const { options } = question.translations[language];
          const absolute = ABSOLUTES[language];
          const rightLabel = options.find((option) => option.key === right)?.label ?? '';
          if (absolute.test(rightLabel)) continue;
          for (const option of options) {
            if (option.key !== right && absolute.test(option.label)) {
              giveaways.push(
                `${slug} question ${index + 1} (${language}) ${option.key}: ${option.label}`,
              );
            }
          }
        }
      });
    }
    expect(giveaways).toEqual([]);
  });

  it('dates every "currently" or "recently": such a word only beside a year', () => {
    const undated: string[] = [];
    for (const { slug, module } of modules) {
      for (const language of LANGUAGES) {
        for (const [where, text] of textsOf(module, language)) {
          for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
            if (UNDATED_NOW[language].test(sentence) && !YEAR.test(sentence)) {
              undated.push(`${slug} ${where} (${language}): ${sentence}`);
            }
          }
        }
      }
    }
    expect(undated).toEqual([]);
  });
});

describe('the options of a quiz question, in a random order per attempt', () => {
  const questions = modules.flatMap(({ slug, module }) =>
    module.questions.map((question, index) => ({
      id: `${slug}-${index + 1}`,
      options: question.translations.en.options,
    })),
  );

  it('gives every question an order holding each of its keys once', () => {
    for (let seed = 1; seed < 20; seed += 1) {
      const orders = shuffledOrders(questions, seeded(seed));
      for (const question of questions) {
        expect([...(orders.get(question.id) ?? [])].sort()).toEqual(
          question.options.map((option) => option.key).sort(),
        );
      }
    }
  });

  it('keeps each key with its own label, whatever the order', () => {
    for (let seed = 1; seed < 20; seed += 1) {
      const orders = shuffledOrders(questions, seeded(seed));
      for (const question of questions) {
        const shown = inOrder(question.options, orders.get(question.id));
        expect(shown.map((option) => option.key)).toEqual(orders.get(question.id));
        for (const option of shown) {
          expect(option.label).toBe(
            question.options.find((stored) => stored.key === option.key)?.label,
          );
        }
      }
    }
  });

  it('puts each option in each place over many attempts', () => {
    const options = ['a', 'b', 'c', 'd'].map((key) => ({ key, label: `Option ${key}` }));
    const question = { id: 'q', options };
    const seen = new Map<string, number>();
    const attempts = 2_000;
    for (let seed = 1; seed <= attempts; seed += 1) {
      const order = shuffledOrders([question], seeded(seed)).get('q') ?? [];
      order.forEach((key, place) =>
        seen.set(`${key}@${place}`, (seen.get(`${key}@${place}`) ?? 0) + 1),
      );
    }
    for (const { key } of options) {
      for (let place = 0; place < options.length; place += 1) {
        // A quarter of the attempts, give or take a fifth of it.
        const count = seen.get(`${key}@${place}`) ?? 0;
        expect(count, `${key} at ${place}`).toBeGreaterThan(attempts / 4 - attempts / 20);
        expect(count, `${key} at ${place}`).toBeLessThan(attempts / 4 + attempts / 20);
      }
    }
  });

  it('moves the right answer across places from attempt to attempt', () => {
    const right = 'a';
    const places = new Set<number>();
    let order =
      shuffledOrders([{ id: 'q', options: KEYS.map((key) => ({ key })) }], seeded(7)).get('q') ??
      [];
    for (let attempt = 0; attempt < 40; attempt += 1) {
      places.add(order.indexOf(right));
      order = reordered(order, seeded(attempt + 1));
    }
    expect([...places].sort()).toEqual([0, 1, 2, 3]);
  });

  it('puts an option the order does not name last, keeping every option', () => {
    const options = KEYS.map((key) => ({ key, label: key.toUpperCase() }));
    expect(inOrder(options, ['c', 'a']).map((option) => option.key)).toEqual(['c', 'a', 'b', 'd']);
    expect(inOrder(options, undefined)).toBe(options);
  });
});

describe('a shuffled question on screen', () => {
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({
      lng: 'en',
      resources: { en: { learning: enLearning } },
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  });

  it('shows each label beside its own key and submits the stored key', () => {
    const found = modules.find(({ slug }) => slug === 'what-is-a-blockchain');
    const stored = found?.module.questions[0]?.translations.en;
    expect(stored).toBeDefined();
    if (!found || !stored) return;
    const question: QuizQuestion = {
      id: 'q1',
      position: 1,
      prompt: stored.prompt,
      options: stored.options,
    };
    const order = shuffledOrders([question], seeded(11)).get('q1');
    const onChoose = vi.fn();
    render(
      createElement(QuizQuestionField, {
        question,
        number: 1,
        total: 1,
        options: inOrder(question.options, order),
        chosen: undefined,
        onChoose,
        firstOptionRef: () => undefined,
      }),
    );
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(order);
    for (const option of stored.options) {
      expect(screen.getByRole('radio', { name: option.label }).getAttribute('value')).toBe(
        option.key,
      );
    }
    const right = found.answers['1'] ?? '';
    const rightLabel = stored.options.find((option) => option.key === right)?.label ?? '';
    fireEvent.click(screen.getByRole('radio', { name: rightLabel }));
    expect(onChoose).toHaveBeenCalledWith(right);
  });
});
