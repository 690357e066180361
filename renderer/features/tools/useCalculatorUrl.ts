import { useUrlState } from '../../app/useUrlState';
import { readCalculatorUrl, writeCalculatorUrl, type CalculatorUrlState } from './calculatorUrl';

/**
 * The chosen calculator and its values, kept in the URL. Values only change as the reader types,
 * so they replace the history entry; choosing another calculator is a link, a new entry.
 */
export function useCalculatorUrl(): [
  CalculatorUrlState,
  (change: Partial<CalculatorUrlState>) => void,
] {
  return useUrlState(readCalculatorUrl, writeCalculatorUrl, 'values');
}
