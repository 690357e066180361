/** The risk types and security practices in reading order (their texts live in `risks`). */
export const RISKS = [
  'volatility',
  'security',
  'regulatory',
  'technical',
  'psychological',
  'liquidity',
  'counterparty',
  'tax',
  'environmental',
  'correlation',
  'technological',
  'concentration',
] as const;

export const PRACTICES = [
  'useHardwareWallet',
  'protectSeedPhrase',
  'enableTwoFactor',
  'checkAddresses',
  'avoidPhishing',
  'keepSoftwareUpdated',
  'testWithSmallAmounts',
] as const;
