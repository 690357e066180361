import { describe, expect, it } from 'vitest';
import {
  niceStep,
  plotPoints,
  share,
  significantDigits,
  timeAxis,
  valueAxis,
} from '../../renderer/features/tools/chartScale';

describe('chart scale', () => {
  it('picks round steps', () => {
    expect(niceStep(3)).toBe(5);
    expect(niceStep(0.26)).toBe(0.5);
    expect(niceStep(91.25)).toBe(100);
    expect(niceStep(2)).toBe(2);
    expect(niceStep(0)).toBe(1);
    expect(niceStep(Number.NaN)).toBe(1);
  });

  it('widens a value axis to round values around the data', () => {
    expect(valueAxis(0, 1276.65)).toEqual({ min: 0, max: 1500, ticks: [0, 500, 1000, 1500] });
    expect(valueAxis(1000, 1104.71)).toEqual({
      min: 1000,
      max: 1150,
      ticks: [1000, 1050, 1100, 1150],
    });
    // 0.1 + 0.2 noise never reaches a label.
    expect(valueAxis(0, 0.7).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
  });

  it('gives a flat line some room, without going below zero for a positive figure', () => {
    const axis = valueAxis(1000, 1000);
    expect(axis.min).toBeLessThan(1000);
    expect(axis.max).toBeGreaterThan(1000);
    expect(axis.min).toBeGreaterThanOrEqual(0);
    expect(valueAxis(0, 0)).toEqual({ min: 0, max: 1, ticks: [0, 0.5, 1] });
  });

  it('keeps a time axis to the data, with round labels inside', () => {
    expect(timeAxis(0, 12, { whole: true, group: 12 })).toEqual({
      min: 0,
      max: 12,
      ticks: [0, 5, 10],
    });
    expect(timeAxis(0, 36, { whole: true, group: 12 }).ticks).toEqual([0, 12, 24, 36]);
    expect(timeAxis(0, 1, { whole: true }).ticks).toEqual([0, 1]);
    expect(timeAxis(0, 1).ticks).toEqual([0, 0.5, 1]);
    expect(timeAxis(0, 365).ticks).toEqual([0, 100, 200, 300]);
    expect(timeAxis(0, 0)).toMatchObject({ min: 0, max: 1 });
  });

  it('places points in the 100 × 100 box, y downwards', () => {
    const xAxis = timeAxis(0, 2);
    const yAxis = { min: 0, max: 100, ticks: [0, 50, 100] };
    expect(share(50, yAxis)).toBe(0.5);
    expect(plotPoints([0, 1, 2], [0, 50, 100], xAxis, yAxis)).toBe(
      '0.00,100.00 50.00,50.00 100.00,0.00',
    );
  });

  it('asks for enough significant digits to tell the labels apart', () => {
    expect(significantDigits(valueAxis(1000, 1104.71))).toBe(3);
    expect(significantDigits(valueAxis(0, 1276.65))).toBe(2);
    expect(significantDigits({ min: 0, max: 1, ticks: [0, 0.5, 1] })).toBe(2);
  });
});
