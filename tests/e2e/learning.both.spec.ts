import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { confirmedAccount, service, signInWith } from './accounts';
import {
  LANGUAGES,
  type Language,
  expectNoAxeViolations,
  openPage,
  say,
  text,
  usePreferences,
} from './support';

// The learning pages against the local stack, at 1440px and 375px: a visitor learns and takes
// the quiz without anything being recorded or kept; a signed-in learner's steps, attempts and
// badge are recorded; a failed request keeps the answers; keyboard use; the 404 of an unknown
// module. Both projects run at once on one stack, so every signed-in test makes its own account.

const SLUG = 'what-is-a-blockchain';
const PASSWORD = 'Learning1!';

interface ContentModule {
  translations: Record<Language, { title: string; summary: string }>;
  steps: { translations: Record<Language, { title: string; body: string }> }[];
  questions: {
    translations: Record<
      Language,
      {
        prompt: string;
        options: { key: string; label: string }[];
        explanations: Record<string, string>;
      }
    >;
  }[];
}

const contentDir = join(import.meta.dirname, '../../content/learning', SLUG);
/** The module as content/ holds it: the stack's seed loads the same files. */
const content = JSON.parse(readFileSync(join(contentDir, 'module.json'), 'utf8')) as ContentModule;
/** The right key of each question by position ("1", "2"…), as the seed reads them. */
const rightKeys = JSON.parse(readFileSync(join(contentDir, 'answers.json'), 'utf8')) as Record<
  string,
  string
>;

const main = (page: Page) => page.getByRole('main');
const learning = (language: Language, path: string, values: Record<string, string | number> = {}) =>
  say(language, 'learning', path, values);

/** A translated text whose {{placeholders}} may be anything, as a pattern. */
function pattern(language: Language, namespace: string, path: string): RegExp {
  const escaped = text(language, namespace, path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(escaped.replace(/\\\{\\\{\w+\\\}\\\}/g, '.+'));
}

/** The list item of step `position` (from 1). */
function step(page: Page, language: Language, position: number): Locator {
  const title = content.steps[position - 1]?.translations[language].title ?? '';
  return main(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });
}

function stepButton(item: Locator, language: Language, action: string): Locator {
  return item.getByRole('button', {
    name: text(language, 'learning', `module.actions.${action}`),
    exact: true,
  });
}

/** Opens step `position` with its action and marks it as done. */
async function readAndMarkDone(page: Page, language: Language, position: number, action: string) {
  const item = step(page, language, position);
  await stepButton(item, language, action).click();
  const firstParagraph = content.steps[position - 1]?.translations[language].body.split('\n\n')[0];
  await expect(item.getByText(firstParagraph ?? '', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: learning(language, 'module.markDone') }).click();
  await expect(item.getByRole('status')).toHaveText(learning(language, 'module.saved'));
  await expect(item.getByText(pattern(language, 'learning', 'module.completedAt'))).toBeVisible();
  await expect(stepButton(item, language, 'review')).toBeVisible();
}

/** The question groups of the quiz, by prompt. */
function question(page: Page, language: Language, index: number): Locator {
  const prompt = content.questions[index]?.translations[language].prompt ?? '';
  return main(page).getByRole('group', { name: prompt });
}

/** The option of question `index` with this key. */
function option(page: Page, language: Language, index: number, key: string): Locator {
  const label =
    content.questions[index]?.translations[language].options.find((entry) => entry.key === key)
      ?.label ?? '';
  return question(page, language, index).getByRole('radio', { name: label, exact: true });
}

/** A key other than the right one, for a wrong answer. */
function wrongKey(index: number, language: Language): string {
  const right = rightKeys[String(index + 1)];
  return (
    content.questions[index]?.translations[language].options.find((entry) => entry.key !== right)
      ?.key ?? ''
  );
}

/** Answers every question: right ones, except those listed as wrong. Returns the keys chosen. */
async function answerQuiz(page: Page, language: Language, wrong: number[] = []): Promise<string[]> {
  const chosen: string[] = [];
  for (let index = 0; index < content.questions.length; index += 1) {
    const key = wrong.includes(index)
      ? wrongKey(index, language)
      : (rightKeys[String(index + 1)] ?? '');
    await option(page, language, index, key).check();
    chosen.push(key);
  }
  return chosen;
}

const resultHeading = (page: Page, language: Language) =>
  main(page).getByRole('heading', { level: 3, name: learning(language, 'quiz.resultTitle') });

const total = content.questions.length;

test('a visitor reads, marks steps and passes the quiz; nothing is recorded nor kept', async ({
  page,
}) => {
  test.slow();
  const language: Language = 'fr';
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/rest/v1/rpc/')) calls.push(pathname);
  });
  await usePreferences(page, { language });
  await openPage(page, '/learning');
  const title = content.translations[language].title;

  // The list: levels, the module's size and state, the badge rule, the invitation.
  await expect(
    main(page).getByRole('heading', { level: 2, name: learning(language, 'levels.beginner') }),
  ).toBeVisible();
  const card = main(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: title }) });
  await expect(card).toContainText(
    learning(language, 'list.steps_other', { count: content.steps.length }),
  );
  await expect(card).toContainText(learning(language, 'state.notStarted'));
  await expect(main(page).getByText(learning(language, 'badges.rule'))).toBeVisible();
  for (const tier of ['gold', 'silver', 'bronze']) {
    await expect(main(page).getByText(learning(language, `badges.${tier}`))).toBeVisible();
  }
  await expect(
    main(page).getByRole('link', { name: learning(language, 'invitation.link') }),
  ).toHaveAttribute('href', '/auth?mode=signUp&next=%2Flearning');
  await expect(
    main(page).getByRole('heading', { name: learning(language, 'summary.title') }),
  ).toHaveCount(0);
  await expectNoAxeViolations(page);

  await card.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(main(page).getByText(learning(language, 'module.visitorNotice'))).toBeVisible();
  await expect(stepButton(step(page, language, 1), language, 'start')).toBeVisible();
  await expectNoAxeViolations(page);

  // Steps: start, then continue; the time of each is shown for the visit.
  await readAndMarkDone(page, language, 1, 'start');
  await expect(stepButton(step(page, language, 2), language, 'continue')).toBeVisible();
  await step(page, language, 1)
    .getByRole('button', { name: learning(language, 'module.nextStep') })
    .click();
  await expect(step(page, language, 2).getByRole('heading', { level: 3 })).toBeFocused();
  await step(page, language, 2)
    .getByRole('button', { name: learning(language, 'module.markDone') })
    .click();
  await expect(step(page, language, 2).getByRole('status')).toHaveText(
    learning(language, 'module.saved'),
  );
  await expectNoAxeViolations(page);

  // The quiz: one wrong answer fails it, with the explanation of every answer chosen.
  await main(page)
    .getByRole('button', { name: learning(language, 'quiz.start') })
    .click();
  // The options come in a random order: the focus goes to the first one on screen.
  await expect(question(page, language, 0).getByRole('radio').first()).toBeFocused();
  const chosen = await answerQuiz(page, language, [0]);
  await main(page)
    .getByRole('button', { name: learning(language, 'quiz.submit') })
    .click();
  await expect(resultHeading(page, language)).toBeFocused();
  await expect(
    main(page).getByText(
      say(language, 'common', 'messages.quizFailed', { correct: total - 1, total }),
    ),
  ).toBeVisible();
  const firstExplanation =
    content.questions[0]?.translations[language].explanations[chosen[0] ?? ''];
  await expect(main(page).getByText(firstExplanation ?? '', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // A retry clears the answers; every right answer passes.
  await main(page)
    .getByRole('button', { name: learning(language, 'quiz.retry') })
    .click();
  for (let index = 0; index < total; index += 1) {
    await expect(question(page, language, index).getByRole('radio', { checked: true })).toHaveCount(
      0,
    );
  }
  await answerQuiz(page, language);
  await main(page)
    .getByRole('button', { name: learning(language, 'quiz.submit') })
    .click();
  await expect(resultHeading(page, language)).toBeFocused();
  await expect(main(page).getByText(learning(language, 'quiz.passedMessage'))).toBeVisible();
  await expect(main(page).getByText(learning(language, 'quiz.visitorPassed'))).toBeVisible();
  await expect(
    main(page).getByText(learning(language, 'quiz.attempts_other', { count: 2 })),
  ).toBeVisible();

  // Back on the list, for this visit: two steps of three.
  await main(page)
    .getByRole('link', { name: learning(language, 'module.backToList') })
    .click();
  await expect(card).toContainText(
    learning(language, 'state.inProgress_other', { count: 2, total: content.steps.length }),
  );
  expect(calls).toEqual(['/rest/v1/rpc/check_quiz', '/rest/v1/rpc/check_quiz']);

  // A reload forgets it all.
  await page.goto(`/learning/${SLUG}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(stepButton(step(page, language, 1), language, 'start')).toBeVisible();
  await expect(
    main(page).getByText(pattern(language, 'learning', 'module.completedAt')),
  ).toHaveCount(0);
  await expect(main(page).getByText(learning(language, 'quiz.noAttempt'))).toBeVisible();
  expect(calls.filter((call) => !call.endsWith('/check_quiz'))).toEqual([]);
});

test('a signed-in learner completes a module and earns a silver badge at the second attempt', async ({
  page,
}) => {
  test.slow();
  const language: Language = 'en';
  const { session, userId } = await confirmedAccount('learning', PASSWORD);
  await signInWith(page, session);
  await usePreferences(page, { language });
  const title = content.translations[language].title;

  await openPage(page, '/learning');
  const summary = main(page).getByRole('region', { name: learning(language, 'summary.title') });
  await expect(summary).toBeVisible();
  const counter = (key: string) =>
    summary
      .locator('.learning-counters__item', { hasText: learning(language, `summary.${key}`) })
      .locator('dd');
  await expect(counter('modulesStarted')).toHaveText('0');
  await expect(summary.getByText(learning(language, 'summary.noBadge'))).toBeVisible();
  await expect(
    main(page).getByRole('link', { name: learning(language, 'invitation.link') }),
  ).toHaveCount(0);
  await expectNoAxeViolations(page);

  await openPage(page, `/learning/${SLUG}`);
  await expect(main(page).getByText(learning(language, 'module.visitorNotice'))).toHaveCount(0);
  // Start, then Continue, then Review: recorded, so they are still there after a reload.
  await readAndMarkDone(page, language, 1, 'start');
  await page.reload();
  await expect(stepButton(step(page, language, 1), language, 'review')).toBeVisible();
  await expect(
    step(page, language, 1).getByText(pattern(language, 'learning', 'module.completedAt')),
  ).toBeVisible();
  await expect(stepButton(step(page, language, 2), language, 'continue')).toBeVisible();
  await expectNoAxeViolations(page);
  for (let position = 2; position <= content.steps.length; position += 1) {
    await readAndMarkDone(page, language, position, 'continue');
  }

  // First attempt fails, the second passes: silver.
  await expect(main(page).getByText(learning(language, 'quiz.noAttempt'))).toBeVisible();
  await main(page)
    .getByRole('button', { name: learning(language, 'quiz.start') })
    .click();
  await answerQuiz(page, language, [1, 2]);
  await main(page)
    .getByRole('button', { name: learning(language, 'quiz.submit') })
    .click();
  await expect(resultHeading(page, language)).toBeFocused();
  await expect(
    main(page).getByText(
      say(language, 'common', 'messages.quizFailed', { correct: total - 2, total }),
    ),
  ).toBeVisible();
  await expect(
    main(page).getByText(learning(language, 'quiz.attempts_one', { count: 1 })),
  ).toBeVisible();
  await main(page)
    .getByRole('button', { name: learning(language, 'quiz.retry') })
    .click();
  await answerQuiz(page, language);
  await main(page)
    .getByRole('button', { name: learning(language, 'quiz.submit') })
    .click();
  await expect(resultHeading(page, language)).toBeFocused();
  await expect(main(page).getByText(learning(language, 'quiz.passedMessage'))).toBeVisible();
  await expect(main(page).getByText(learning(language, 'quiz.badgeEarned.silver'))).toBeVisible();
  await expect(
    main(page).getByText(learning(language, 'quiz.attempts_other', { count: 2 })),
  ).toBeVisible();
  await expect(
    main(page).getByText(learning(language, 'quiz.passed'), { exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  const badges = await service.from('user_badges').select('tier').eq('user_id', userId);
  expect(badges.data).toEqual([{ tier: 'silver' }]);

  // The list: counters, the recent badge with its date, the module completed.
  await main(page)
    .getByRole('link', { name: learning(language, 'module.backToList') })
    .click();
  await expect(summary).toBeVisible();
  await expect(counter('modulesStarted')).toHaveText('1');
  await expect(counter('modulesCompleted')).toHaveText('1');
  await expect(counter('stepsCompleted')).toHaveText(String(content.steps.length));
  await expect(counter('badges')).toHaveText('1');
  const badge = summary
    .getByRole('listitem')
    .filter({ hasText: learning(language, 'badgeTitle.silver') });
  await expect(badge.getByRole('link', { name: title })).toHaveAttribute(
    'href',
    `/learning/${SLUG}`,
  );
  const today = new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date());
  await expect(badge).toContainText(learning(language, 'summary.awardedOn', { date: today }));
  const card = main(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) })
    .last();
  await expect(card).toContainText(
    learning(language, 'state.completedWithBadge', { badge: learning(language, 'badge.silver') }),
  );
  await expectNoAxeViolations(page);

  // The profile shows the same counters and the badge.
  await openPage(page, '/profile');
  const onProfile = main(page).getByRole('region', { name: learning(language, 'summary.title') });
  await expect(
    onProfile
      .locator('.learning-counters__item', { hasText: learning(language, 'summary.badges') })
      .locator('dd'),
  ).toHaveText('1');
  await expect(
    onProfile.getByRole('listitem').filter({ hasText: learning(language, 'badgeTitle.silver') }),
  ).toContainText(title);
  await expectNoAxeViolations(page);
});

test('a failed submission says so and keeps the answers (dark theme)', async ({
  page,
  consoleWatch,
}) => {
  const language: Language = 'en';
  const { session } = await confirmedAccount('learning-fail', PASSWORD);
  await signInWith(page, session);
  await usePreferences(page, { language, theme: 'dark' });
  await page.route('**/rest/v1/rpc/submit_quiz', (route) => route.abort());
  await openPage(page, `/learning/${SLUG}`);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await main(page)
    .getByRole('button', { name: learning(language, 'quiz.start') })
    .click();
  const chosen = await answerQuiz(page, language, [0]);
  await main(page)
    .getByRole('button', { name: learning(language, 'quiz.submit') })
    .click();
  await expect(main(page).getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
    'Error during validation',
  );
  for (const [index, key] of chosen.entries()) {
    await expect(option(page, language, index, key)).toBeChecked();
  }
  await expect(resultHeading(page, language)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Once the server answers again, the same answers are graded.
  await page.unroute('**/rest/v1/rpc/submit_quiz');
  await main(page)
    .getByRole('button', { name: learning(language, 'quiz.submit') })
    .click();
  await expect(resultHeading(page, language)).toBeFocused();
  await expect(
    main(page).getByText(
      say(language, 'common', 'messages.quizFailed', { correct: total - 1, total }),
    ),
  ).toBeVisible();
  // The aborted request is reported in the console: expected here.
  consoleWatch.expectFailedRequests('/rest/v1/rpc/submit_quiz');
});

test('keyboard only: read a step, mark it done, answer and submit the quiz', async ({
  page,
}, info) => {
  test.skip(info.project.name === 'mobile', 'a phone has no keyboard');
  const language: Language = 'es';
  await usePreferences(page, { language });
  await openPage(page, `/learning/${SLUG}`);

  const first = stepButton(step(page, language, 1), language, 'start');
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  // Past the text's dictionary links to the button.
  const markDone = step(page, language, 1).getByRole('button', {
    name: learning(language, 'module.markDone'),
  });
  for (
    let presses = 0;
    presses < 20 && !(await markDone.evaluate((button) => button === document.activeElement));
    presses += 1
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(markDone).toBeFocused();
  await page.keyboard.press('Enter');
  const next = step(page, language, 1).getByRole('button', {
    name: learning(language, 'module.nextStep'),
  });
  await expect(next).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(step(page, language, 2).getByRole('heading', { level: 3 })).toBeFocused();
  await expectNoAxeViolations(page);

  await main(page)
    .getByRole('button', { name: learning(language, 'quiz.start') })
    .focus();
  await page.keyboard.press('Enter');
  // Submitting with nothing chosen says how many are left and goes back to the first question.
  const submit = main(page).getByRole('button', { name: learning(language, 'quiz.submit') });
  // The options come in a random order on every attempt: the first one is the first on screen.
  const firstOption = question(page, language, 0).getByRole('radio').first();
  await expect(firstOption).toBeFocused();
  await submit.focus();
  await page.keyboard.press('Enter');
  await expect(main(page).getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
    learning(language, 'quiz.unanswered_other', { count: total }),
  );
  await expect(firstOption).toBeFocused();

  // In each group: Space checks the first option, an arrow moves to the next and checks it;
  // Tab goes on to the next group. The order is read from the page, as the learner sees it.
  for (let index = 0; index < total; index += 1) {
    const keys = await question(page, language, index)
      .getByRole('radio')
      .evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value));
    const right = rightKeys[String(index + 1)] ?? '';
    const moves = keys.indexOf(right);
    if (moves === 0) await page.keyboard.press('Space');
    for (let move = 0; move < moves; move += 1) await page.keyboard.press('ArrowDown');
    await expect(option(page, language, index, right)).toBeChecked();
    await page.keyboard.press('Tab');
  }
  await expect(submit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(resultHeading(page, language)).toBeFocused();
  await expect(main(page).getByText(learning(language, 'quiz.passedMessage'))).toBeVisible();
  await expectNoAxeViolations(page);
});

for (const language of LANGUAGES) {
  test(`an unknown module shows the 404 page in ${language}`, async ({ page }) => {
    await usePreferences(page, { language });
    await openPage(page, '/learning/no-such-module');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(language, 'common', 'notFound.title'),
    );
  });
}
