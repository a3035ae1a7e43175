import { describe, expect, it } from 'vitest'
import {
  axisMoney,
  axisRoom,
  bands,
  dayLabel,
  fullDay,
  keepWithin,
  labelIndexes,
  linePath,
  linearScale,
  niceTicks,
  peakIndex,
  percentText,
  periodLabel,
  shareText,
  truncate,
} from './chart-model.ts'

describe('niceTicks', () => {
  it('steps 1, 2 or 5 times a power of ten from 0 up to at least the largest value', () => {
    expect(niceTicks(100)).toEqual([0, 50, 100])
    expect(niceTicks(123_456)).toEqual([0, 50_000, 100_000, 150_000])
    expect(niceTicks(9)).toEqual([0, 5, 10])
    expect(niceTicks(1_000, 2)).toEqual([0, 500, 1_000])
  })

  it('counts in whole steps: three orders are 0, 1, 2, 3', () => {
    expect(niceTicks(3)).toEqual([0, 1, 2, 3])
    expect(niceTicks(1)).toEqual([0, 1])
  })

  it('gives an empty or zero series an axis of 0 to 1', () => {
    expect(niceTicks(0)).toEqual([0, 1])
    expect(niceTicks(-Infinity)).toEqual([0, 1])
    expect(niceTicks(Number.NaN)).toEqual([0, 1])
  })

  it('always reaches the largest value, whatever it is', () => {
    for (const max of [1, 7, 99, 101, 999, 1_001, 45_678, 9_999_999]) {
      const ticks = niceTicks(max)
      expect(ticks.at(-1)!, String(max)).toBeGreaterThanOrEqual(max)
      expect(ticks.at(-2)!, String(max)).toBeLessThan(max)
      expect(ticks.length, String(max)).toBeLessThanOrEqual(7)
    }
  })
})

describe('linearScale', () => {
  it('maps 0 to the start and the domain to the end, upside down for a y axis', () => {
    const y = linearScale(200, 160, 10)
    expect(y(0)).toBe(160)
    expect(y(200)).toBe(10)
    expect(y(100)).toBe(85)
  })

  it('maps a domain of 0 without dividing by it', () => {
    expect(linearScale(0, 100, 0)(0)).toBe(100)
  })
})

describe('bands', () => {
  it('splits the width in equal bands with a gap around each bar', () => {
    expect(bands(2, 0, 100)).toEqual([
      { x: 5, width: 40, center: 25 },
      { x: 55, width: 40, center: 75 },
    ])
  })

  it('draws many bands edge to edge when a gap would not fit', () => {
    const year = bands(365, 40, 352)
    expect(year).toHaveLength(365)
    expect(year[0]!.x).toBe(40)
    expect(year[1]!.x).toBeCloseTo(40 + 312 / 365, 1)
    expect(year.at(-1)!.x + year.at(-1)!.width).toBeCloseTo(352, 1)
  })

  it('has no bands for no values', () => {
    expect(bands(0, 0, 100)).toEqual([])
  })
})

describe('linePath', () => {
  it('moves to the first point and draws a line to each next one, to two decimals', () => {
    expect(
      linePath([
        [0, 10],
        [5.123, 20.456],
        [10, 0],
      ]),
    ).toBe('M0,10 L5.12,20.46 L10,0')
  })

  it('is empty for no points', () => {
    expect(linePath([])).toBe('')
  })
})

describe('labelIndexes', () => {
  it('labels every point when they fit', () => {
    expect(labelIndexes(5, 6)).toEqual([0, 1, 2, 3, 4])
  })

  it('labels every k-th, half a step in, so that at most the given number fit', () => {
    expect(labelIndexes(30, 6)).toEqual([2, 7, 12, 17, 22, 27])
    expect(labelIndexes(4, 2)).toEqual([1, 3])
    expect(labelIndexes(365, 6).length).toBeLessThanOrEqual(6)
    expect(labelIndexes(0, 6)).toEqual([])
  })
})

describe('keepWithin and axisRoom', () => {
  it('keeps a centred label inside the chart', () => {
    expect(keepWithin(2, 30, 0, 360)).toBe(15)
    expect(keepWithin(355, 30, 0, 360)).toBe(345)
    expect(keepWithin(100, 30, 0, 360)).toBe(100)
  })

  it('makes room for the widest label', () => {
    expect(axisRoom(['$0', '$1,500'])).toBeGreaterThan(axisRoom(['0', '15']))
  })
})

describe('words and figures', () => {
  it('writes days as an axis and a table do, in UTC', () => {
    expect(dayLabel('2026-11-03')).toBe('Nov 3')
    expect(fullDay('2026-11-03')).toBe('Tue, Nov 3, 2026')
  })

  it('writes a period once for its month and year', () => {
    expect(periodLabel('2026-11-01', '2026-11-30')).toBe('Nov 1 – 30, 2026')
    expect(periodLabel('2026-11-20', '2026-12-19')).toBe('Nov 20 – Dec 19, 2026')
    expect(periodLabel('2025-12-01', '2026-11-30')).toBe('Dec 1, 2025 – Nov 30, 2026')
    expect(periodLabel('2026-11-03', '2026-11-03')).toBe('Nov 3, 2026')
  })

  it('writes axis amounts with formatMoney, whole ones without their cents', () => {
    expect(axisMoney(150_000, 'USD')).toBe('$1,500')
    expect(axisMoney(0, 'USD')).toBe('$0')
    expect(axisMoney(150_050, 'USD')).toBe('$1,500.50')
    expect(axisMoney(2_500, 'EUR')).toBe('€25')
  })

  it('writes percentages with the decimals a small one needs', () => {
    expect(percentText(0.0042)).toBe('0.42%')
    expect(percentText(0.042)).toBe('4.2%')
    expect(percentText(0.42)).toBe('42%')
    expect(percentText(0)).toBe('0%')
    expect(percentText(1)).toBe('100%')
    expect(shareText(3, 4)).toBe('75%')
    expect(shareText(0, 0)).toBe('–')
  })

  it('finds the largest value, the first of equals', () => {
    expect(peakIndex([1, 5, 5, 2])).toBe(1)
    expect(peakIndex([])).toBe(-1)
  })

  it('cuts a long name with an ellipsis', () => {
    expect(truncate('Corvid 2', 10)).toBe('Corvid 2')
    expect(truncate('A very long product name indeed', 10)).toBe('A very lo…')
  })
})
