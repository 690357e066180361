export type RiskLevel = 'low' | 'medium' | 'high';

/** The strategies in reading order, with the risk level the page shows for each. */
export const STRATEGIES = [
  { key: 'buyAndHold', risk: 'medium' },
  { key: 'dollarCostAveraging', risk: 'medium' },
  { key: 'swingTrading', risk: 'high' },
  { key: 'scalping', risk: 'high' },
  { key: 'dayTrading', risk: 'high' },
  { key: 'trendFollowing', risk: 'medium' },
  { key: 'rangeTrading', risk: 'medium' },
  { key: 'arbitrage', risk: 'medium' },
  { key: 'stakingForYield', risk: 'medium' },
  { key: 'liquidityProvision', risk: 'high' },
  { key: 'portfolioRebalancing', risk: 'low' },
  { key: 'breakoutTrading', risk: 'high' },
  { key: 'newsTrading', risk: 'high' },
] as const satisfies readonly { key: string; risk: RiskLevel }[];

export type StrategyKey = (typeof STRATEGIES)[number]['key'];

export const CASE_STUDIES = ['beginner', 'intermediate', 'experienced'] as const;
