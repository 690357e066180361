export type RiskLevel = 'low' | 'medium' | 'high';

/** How long a position is usually held. */
export type Horizon = 'intraday' | 'daysToWeeks' | 'weeksToMonths' | 'monthsToYears' | 'years';

/** What a strategy asks of the reader: time and attention, and what they must know. */
export type Effort = RiskLevel;
export type Skills = 'beginner' | 'intermediate' | 'advanced';

interface Strategy {
  key: string;
  risk: RiskLevel;
  horizon: Horizon;
  effort: Effort;
  skills: Skills;
}

/**
 * The strategies in reading order, with what the comparison table shows of each: rough
 * guides that sum up each strategy's description, not ratings.
 */
export const STRATEGIES = [
  { key: 'buyAndHold', risk: 'medium', horizon: 'years', effort: 'low', skills: 'beginner' },
  {
    key: 'dollarCostAveraging',
    risk: 'medium',
    horizon: 'years',
    effort: 'low',
    skills: 'beginner',
  },
  {
    key: 'swingTrading',
    risk: 'high',
    horizon: 'daysToWeeks',
    effort: 'high',
    skills: 'intermediate',
  },
  { key: 'scalping', risk: 'high', horizon: 'intraday', effort: 'high', skills: 'advanced' },
  { key: 'dayTrading', risk: 'high', horizon: 'intraday', effort: 'high', skills: 'advanced' },
  {
    key: 'trendFollowing',
    risk: 'medium',
    horizon: 'weeksToMonths',
    effort: 'medium',
    skills: 'intermediate',
  },
  {
    key: 'rangeTrading',
    risk: 'medium',
    horizon: 'daysToWeeks',
    effort: 'medium',
    skills: 'intermediate',
  },
  { key: 'arbitrage', risk: 'medium', horizon: 'intraday', effort: 'high', skills: 'advanced' },
  {
    key: 'stakingForYield',
    risk: 'medium',
    horizon: 'monthsToYears',
    effort: 'low',
    skills: 'intermediate',
  },
  {
    key: 'liquidityProvision',
    risk: 'high',
    horizon: 'weeksToMonths',
    effort: 'medium',
    skills: 'advanced',
  },
  {
    key: 'portfolioRebalancing',
    risk: 'low',
    horizon: 'monthsToYears',
    effort: 'low',
    skills: 'beginner',
  },
  {
    key: 'breakoutTrading',
    risk: 'high',
    horizon: 'daysToWeeks',
    effort: 'high',
    skills: 'intermediate',
  },
  { key: 'newsTrading', risk: 'high', horizon: 'intraday', effort: 'high', skills: 'advanced' },
] as const satisfies readonly Strategy[];

export type StrategyKey = (typeof STRATEGIES)[number]['key'];

export const CASE_STUDIES = ['beginner', 'intermediate', 'experienced'] as const;
