/** The three levels, in the order the learning page lists them. */
export const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type Level = (typeof LEVELS)[number];

export function isLevel(value: unknown): value is Level {
  return typeof value === 'string' && (LEVELS as readonly string[]).includes(value);
}

export const BADGE_TIERS = ['gold', 'silver', 'bronze'] as const;
export type BadgeTier = (typeof BADGE_TIERS)[number];

export function isBadgeTier(value: unknown): value is BadgeTier {
  return typeof value === 'string' && (BADGE_TIERS as readonly string[]).includes(value);
}

/** A module as the learning page lists it, in the reader's language. */
export interface ModuleSummary {
  id: string;
  slug: string;
  level: Level;
  position: number;
  title: string;
  summary: string | null;
  stepCount: number;
  questionCount: number;
  /** Words of the steps' titles and bodies, for the reading-time estimate. */
  wordCount: number;
}

export interface LessonStep {
  position: number;
  title: string;
  body: string;
}

export interface QuizOption {
  key: string;
  label: string;
}

/** A quiz question as a client may read it: never its right key nor its explanations. */
export interface QuizQuestion {
  id: string;
  position: number;
  prompt: string;
  options: QuizOption[];
}

/** A module as its page shows it, in the reader's language. */
export interface ModuleDetail {
  id: string;
  slug: string;
  level: Level;
  title: string;
  summary: string | null;
  steps: LessonStep[];
  questions: QuizQuestion[];
}

export interface QuizAttempt {
  attempt: number;
  score: number;
  total: number;
  passed: boolean;
  createdAt: string;
}

/** One learner's record of one module (signed in: from the database). */
export interface ModuleProgress {
  moduleId: string;
  /** When each completed step was first completed, by position. */
  stepsCompletedAt: ReadonlyMap<number, string>;
  quizPassedAt: string | null;
  quizPassedAttempt: number | null;
  status: 'in_progress' | 'completed';
  startedAt: string;
  completedAt: string | null;
  attempts: QuizAttempt[];
}

export interface EarnedBadge {
  moduleId: string;
  moduleSlug: string;
  /** The module's title in the reader's language. */
  moduleTitle: string;
  tier: BadgeTier;
  awardedAt: string;
}

/** Everything a signed-in learner has done, as RLS lets them read it. */
export interface LearnerProgress {
  modules: ReadonlyMap<string, ModuleProgress>;
  /** Most recent first. */
  badges: EarnedBadge[];
}

/** The graded answers of one quiz submission. The server never says which answer was right. */
export interface QuizResult {
  correct: number;
  total: number;
  passed: boolean;
  /** The attempt's number, for a signed-in learner's recorded submission. */
  attempt: number | null;
  questions: { questionId: string; chosen: string | null; explanation: string | null }[];
  /** The badge held for the module after this submission (signed in only). */
  badge: BadgeTier | null;
}

/** What complete_step answers. */
export interface StepCompletion {
  completedSteps: number[];
  totalSteps: number;
  quizPassed: boolean;
  badge: BadgeTier | null;
}
