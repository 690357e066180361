import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../shared/catalog';
import {
  checkAnswers,
  checkModule,
  MODULE_QUESTIONS_MIN,
  MODULE_STEPS,
  QUESTION_OPTIONS_MIN,
  QUESTION_TEXT_MAX_LENGTH,
  STEP_TEXT_MAX_LENGTH,
  type AnswersInput,
  type ModuleInput,
  type QuestionTextInput,
} from '../../shared/content/moduleRules';
import { describeContentProblem, type ContentProblem } from '../../shared/content/problems';

// The learning module rules at their edges, module.json and answers.json: the same functions run
// by `npm run content:check` and the seed. tests/server/seed-content.test.ts checks how the seed
// reports them, file by file.

const inEvery = <T>(make: (language: Language) => T): Record<Language, T> => ({
  fr: make('fr'),
  en: make('en'),
  es: make('es'),
});

const questionText = (language: string): QuestionTextInput => ({
  prompt: `A question, in ${language}?`,
  options: [
    { key: 'a', label: 'First' },
    { key: 'b', label: 'Second' },
    { key: 'c', label: 'Third' },
  ],
  explanations: { a: 'Because of a.', b: 'Because of b.', c: 'Because of c.' },
});

function learningModule(change: (input: ModuleInput) => void = () => undefined): ModuleInput {
  const input: ModuleInput = {
    slug: 'what-is-a-wallet',
    level: 'beginner',
    position: 1,
    translations: inEvery((language) => ({
      title: `Title ${language}`,
      summary: 'A summary.',
    })),
    steps: Array.from({ length: MODULE_STEPS.min }, (_, index) => ({
      translations: inEvery((language) => ({
        title: `Step ${index + 1}`,
        body: `A body in ${language}.\n\nA second paragraph.`,
      })),
    })),
    questions: Array.from({ length: MODULE_QUESTIONS_MIN }, () => ({
      translations: inEvery(questionText),
    })),
  };
  change(input);
  return input;
}
const answers = (): AnswersInput => ({ '1': 'a', '2': 'b', '3': 'c', '4': 'a', '5': 'b' });

/** The item at `index`, which the test knows is there. */
function nth<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

const codes = (problems: ContentProblem[]) => problems.map(({ field, code }) => `${field} ${code}`);
const check = (change: (input: ModuleInput) => void) => checkModule(learningModule(change));
/** The first question's text in `language`, to change. */
const firstQuestion = (input: ModuleInput, language: Language) =>
  nth(input.questions, 0).translations[language];

describe('checkModule', () => {
  it('accepts a complete module', () => {
    expect(checkModule(learningModule())).toEqual([]);
    expect(checkAnswers(answers(), learningModule())).toEqual([]);
    expect([
      MODULE_STEPS.min,
      MODULE_STEPS.max,
      MODULE_QUESTIONS_MIN,
      QUESTION_OPTIONS_MIN,
    ]).toEqual([3, 6, 5, 2]);
  });

  it('refuses a slug that is not lower-case words joined by "-"', () => {
    for (const slug of ['What-Is', 'what is', 'what--is', '-what', 'qué']) {
      expect(check((input) => void (input.slug = slug))).toEqual([
        { field: 'slug', code: 'slugShape' },
      ]);
    }
    expect(check((input) => void (input.slug = ''))).toEqual([{ field: 'slug', code: 'empty' }]);
  });

  it('refuses an unknown or missing level, and a position below 0 or not whole', () => {
    const problems = checkModule({ ...learningModule(), level: 'expert', position: -1 });
    expect(problems).toEqual([
      {
        field: 'level',
        code: 'unknownValue',
        params: { value: '"expert"', allowed: 'beginner, intermediate, advanced' },
      },
      { field: 'position', code: 'belowMin', params: { min: 0 } },
    ]);
    expect(describeContentProblem(nth(problems, 0))).toBe(
      'level: unknown value "expert" (expected one of: beginner, intermediate, advanced)',
    );
    expect(codes(checkModule({ ...learningModule(), level: null, position: 1.5 }))).toEqual([
      'level missing',
      'position belowMin',
    ]);
    expect(check((input) => void (input.position = 0))).toEqual([]);
  });

  it('reports a missing language as such, at every depth', () => {
    const problems = check((input) => {
      delete (input.translations as Partial<ModuleInput['translations']>).es;
      delete (nth(input.steps, 1).translations as Partial<Record<Language, unknown>>).en;
      delete (nth(input.questions, 2).translations as Partial<Record<Language, unknown>>).fr;
    });
    expect(problems).toEqual([
      { field: 'translations.es', code: 'languageMissing' },
      { field: 'steps[1].translations.en', code: 'languageMissing' },
      { field: 'questions[2].translations.fr', code: 'languageMissing' },
    ]);
    expect(describeContentProblem(nth(problems, 1))).toBe(
      'steps[1].translations.en: missing (every entry needs fr, en and es)',
    );
    expect(LANGUAGES).toEqual(['fr', 'en', 'es']);
  });

  it('refuses unknown fields and languages, and values of the wrong type', () => {
    const problems = checkModule({
      ...learningModule(),
      badge: 'gold',
      translations: { ...learningModule().translations, de: { title: 'Titel', summary: 'Text.' } },
      steps: 'three',
      questions: [...learningModule().questions.slice(1), { translations: 'none', hint: 'x' }],
    });
    expect(codes(problems)).toEqual([
      'translations.de unknownField',
      'steps wrongType',
      'questions[4].translations wrongType',
      'questions[4].hint unknownField',
      'badge unknownField',
    ]);
    expect(codes(checkModule(null))).toEqual([' missing']);
    expect(codes(checkModule([]))).toEqual([
      'slug missing',
      'level missing',
      'position missing',
      'translations missing',
      'steps missing',
      'questions missing',
    ]);
  });

  it('refuses empty texts, placeholders, spaces around a text, and texts over the database limits', () => {
    const problems = check((input) => {
      input.translations.fr.title = '';
      input.translations.en.summary = 'TODO';
      nth(input.steps, 0).translations.es.title = ' Paso';
      nth(input.steps, 2).translations.fr.body = 'é'.repeat(STEP_TEXT_MAX_LENGTH.body + 1);
      firstQuestion(input, 'en').prompt = 'x'.repeat(QUESTION_TEXT_MAX_LENGTH.prompt + 1);
    });
    expect(problems).toEqual([
      { field: 'translations.fr.title', code: 'empty' },
      { field: 'translations.en.summary', code: 'placeholder' },
      { field: 'steps[0].translations.es.title', code: 'untrimmed' },
      {
        field: 'steps[2].translations.fr.body',
        code: 'tooLong',
        params: { length: 20_001, max: 20_000 },
      },
      {
        field: 'questions[0].translations.en.prompt',
        code: 'tooLong',
        params: { length: 1_001, max: 1_000 },
      },
    ]);
    // At the limits, and the Spanish word "todo", all pass.
    expect(
      check((input) => {
        nth(input.steps, 2).translations.fr.body = 'é'.repeat(STEP_TEXT_MAX_LENGTH.body);
        input.translations.es.summary = 'Todo lo que necesita saber.';
      }),
    ).toEqual([]);
  });

  it.each([
    [2, false],
    [3, true],
    [6, true],
    [7, false],
  ])('counts %i steps as valid: %s', (count, valid) => {
    const problems = check((input) => {
      input.steps = Array.from({ length: count }, () => structuredClone(nth(input.steps, 0)));
    });
    expect(problems).toEqual(
      valid ? [] : [{ field: 'steps', code: 'listSize', params: { count, min: 3, max: 6 } }],
    );
  });

  it.each([
    [4, false],
    [5, true],
    [30, true],
  ])('counts %i questions as valid: %s', (count, valid) => {
    const problems = check((input) => {
      input.questions = Array.from({ length: count }, () =>
        structuredClone(nth(input.questions, 0)),
      );
    });
    expect(problems).toEqual(
      valid ? [] : [{ field: 'questions', code: 'tooFew', params: { count, min: 5 } }],
    );
  });

  it('refuses a question with one option, the same key twice, or a key over 20 characters', () => {
    expect(
      check((input) => {
        for (const language of LANGUAGES) {
          firstQuestion(input, language).options = [{ key: 'a', label: 'Only' }];
          firstQuestion(input, language).explanations = { a: 'Why.' };
        }
      }),
    ).toEqual(
      LANGUAGES.map((language) => ({
        field: `questions[0].translations.${language}.options`,
        code: 'tooFew',
        params: { count: 1, min: 2 },
      })),
    );
    expect(
      check((input) => {
        nth(firstQuestion(input, 'es').options, 2).key = 'a';
      }),
    ).toEqual([
      { field: 'questions[0].translations.es.options', code: 'duplicate' },
      {
        field: 'questions[0].translations.es.options',
        code: 'optionKeysDiffer',
        params: { keys: 'a, b, a', expected: 'a, b, c' },
      },
    ]);
    expect(
      codes(
        check((input) => {
          nth(firstQuestion(input, 'fr').options, 1).label = '';
          nth(firstQuestion(input, 'fr').options, 0).key = 'k'.repeat(21);
        }),
      ),
    ).toEqual([
      'questions[0].translations.fr.options[0].key tooLong',
      'questions[0].translations.fr.options[1].label empty',
      'questions[0].translations.en.options optionKeysDiffer',
      'questions[0].translations.es.options optionKeysDiffer',
    ]);
  });

  it('holds every language to the option keys of the first, in the same order', () => {
    const problems = check((input) => {
      firstQuestion(input, 'en').options.reverse();
    });
    expect(problems).toEqual([
      {
        field: 'questions[0].translations.en.options',
        code: 'optionKeysDiffer',
        params: { keys: 'c, b, a', expected: 'a, b, c' },
      },
    ]);
    expect(describeContentProblem(nth(problems, 0))).toBe(
      "questions[0].translations.en.options: keys c, b, a differ from the first language's (a, b, c)",
    );
  });

  it('requires one explanation per option, and no other', () => {
    const problems = check((input) => {
      delete firstQuestion(input, 'es').explanations.b;
      firstQuestion(input, 'fr').explanations.d = 'An option that does not exist.';
      firstQuestion(input, 'en').explanations.c = ' ';
    });
    expect(problems).toEqual([
      {
        field: 'questions[0].translations.fr.explanations.d',
        code: 'unknownField',
        params: { allowed: 'a, b, c' },
      },
      { field: 'questions[0].translations.en.explanations.c', code: 'empty' },
      { field: 'questions[0].translations.es.explanations.b', code: 'missing' },
    ]);
    expect(
      codes(
        check((input) => {
          (firstQuestion(input, 'fr') as { explanations: unknown }).explanations = 'Because.';
        }),
      ),
    ).toEqual(['questions[0].translations.fr.explanations wrongType']);
  });
});

describe('checkAnswers', () => {
  const withAnswers = (change: (input: Record<string, unknown>) => void) => {
    const input: Record<string, unknown> = answers();
    change(input);
    return checkAnswers(input, learningModule());
  };

  it('refuses a missing answer, two answers, an answer that is not an option key', () => {
    const problems = withAnswers((input) => {
      delete input['1'];
      input['2'] = ['a', 'b'];
      input['3'] = 'd';
      input['4'] = 1;
    });
    expect(problems).toEqual([
      { field: '1', code: 'answerMissing', params: { question: 1 } },
      { field: '2', code: 'answerCount', params: { question: 2, count: 2 } },
      {
        field: '3',
        code: 'answerNotOption',
        params: { answer: 'd', question: 3, keys: 'a, b, c' },
      },
      { field: '4', code: 'wrongType', params: { expected: 'string' } },
    ]);
    expect(problems.slice(0, 3).map(describeContentProblem)).toEqual([
      '1: question 1 has no correct answer',
      '2: question 2 must have exactly one correct answer (got 2)',
      '3: "d" is not an option of question 3 (a, b, c)',
    ]);
  });

  it('refuses an answer to a question the module does not have', () => {
    const problems = withAnswers((input) => {
      input['6'] = 'a';
      input['0'] = 'a';
      input.first = 'a';
    });
    // In the order of the object's keys: numbers first.
    expect(problems).toEqual(
      ['0', '6', 'first'].map((key) => ({
        field: key,
        code: 'noSuchQuestion',
        params: { question: key, count: 5 },
      })),
    );
    expect(describeContentProblem(nth(problems, 1))).toBe(
      '6: no question 6 in module.json (questions are numbered 1 to 5)',
    );
  });

  it('takes the option keys from the first language written', () => {
    const module = learningModule((input) => {
      delete (nth(input.questions, 0).translations as Partial<Record<Language, unknown>>).fr;
      for (const option of firstQuestion(input, 'en').options)
        option.key = option.key.toUpperCase();
    });
    expect(checkAnswers({ ...answers(), '1': 'A' }, module)).toEqual([]);
    expect(codes(checkAnswers(answers(), module))).toEqual(['1 answerNotOption']);
    // Without readable options, any key is left to checkModule's problems.
    expect(checkAnswers(answers(), { questions: Array.from({ length: 5 }, () => ({})) })).toEqual(
      [],
    );
  });

  it('refuses a file that is not an object of answers', () => {
    for (const input of [['a', 'b', 'c', 'a', 'b'], 'a', 3]) {
      expect(checkAnswers(input, learningModule())).toEqual([
        { field: '', code: 'wrongType', params: { expected: 'object' } },
      ]);
    }
    expect(codes(checkAnswers(null, learningModule()))).toEqual([' missing']);
    // A module without questions has no answers.
    expect(codes(checkAnswers({ '1': 'a' }, { questions: 'none' }))).toEqual(['1 noSuchQuestion']);
  });
});
