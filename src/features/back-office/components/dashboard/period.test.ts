import { describe, expect, it } from 'vitest'
import { maxDashboardDays } from '../../../../../contract/admin-dashboard.ts'
import {
  addDays,
  daysBetween,
  isDay,
  maxPeriodDays,
  parseDashboardSearch,
  periodOf,
  periodProblem,
  utcToday,
} from './period.ts'

describe('the dashboard period in the URL', () => {
  it('keeps a preset, given as the URL gives it (a string) or as a number', () => {
    expect(parseDashboardSearch({ days: '7' })).toEqual({ days: 7 })
    expect(parseDashboardSearch({ days: 365 })).toEqual({ days: 365 })
  })

  it('drops a number of days that is no preset', () => {
    expect(parseDashboardSearch({ days: '14' })).toEqual({})
    expect(parseDashboardSearch({ days: 'all' })).toEqual({})
  })

  it('keeps a period of real days, which wins over a preset', () => {
    expect(parseDashboardSearch({ from: '2026-11-01', to: '2026-11-30', days: '7' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    })
  })

  it('drops a period that is not one the server draws', () => {
    // Half of one, a day that does not exist, the wrong way round, longer than the server draws.
    expect(parseDashboardSearch({ from: '2026-11-01' })).toEqual({})
    expect(parseDashboardSearch({ from: '2026-02-01', to: '2026-02-30' })).toEqual({})
    expect(parseDashboardSearch({ from: '2026-11-30', to: '2026-11-01' })).toEqual({})
    expect(parseDashboardSearch({ from: '2025-01-01', to: '2026-11-30', days: '90' })).toEqual({
      days: 90,
    })
  })

  it('keeps a three-letter currency with either', () => {
    expect(parseDashboardSearch({ days: '90', currency: 'EUR' })).toEqual({
      days: 90,
      currency: 'EUR',
    })
    expect(parseDashboardSearch({ currency: 'euro' })).toEqual({})
  })
})

describe('the period a search asks for', () => {
  it('is the last 30 days up to today unless told', () => {
    expect(periodOf({}, '2026-11-30')).toEqual({ from: '2026-11-01', to: '2026-11-30', days: 30 })
  })

  it('counts a preset back from today, today included', () => {
    expect(periodOf({ days: 7 }, '2026-11-30')).toEqual({
      from: '2026-11-24',
      to: '2026-11-30',
      days: 7,
    })
    const year = periodOf({ days: 365 }, '2026-11-30')
    expect(daysBetween(year.from, year.to)).toBe(365)
  })

  it('is the owner’s own days when given', () => {
    expect(periodOf({ from: '2026-10-01', to: '2026-10-31', days: 7 }, '2026-11-30')).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    })
  })

  it('takes today in UTC, as the server counts days', () => {
    expect(utcToday(new Date('2026-11-30T23:30:00-05:00'))).toBe('2026-12-01')
  })
})

describe('typed days', () => {
  it('says what is wrong with them', () => {
    expect(periodProblem('', '2026-11-30')).toBe('Give a first and a last day.')
    expect(periodProblem('2026-11-30', '2026-11-01')).toBe('The first day is after the last.')
    expect(periodProblem('2025-01-01', '2026-11-30')).toBe('A period is at most 366 days.')
    expect(periodProblem('2026-11-01', '2026-11-01')).toBeUndefined()
  })

  it('allows as many days as the server draws, a leap year whole', () => {
    expect(maxPeriodDays).toBe(maxDashboardDays)
    expect(periodProblem('2028-01-01', '2028-12-31')).toBeUndefined()
    expect(periodProblem('2028-01-01', '2029-01-01')).toBe('A period is at most 366 days.')
  })

  it('knows days from strings that look like them', () => {
    expect(isDay('2028-02-29')).toBe(true)
    expect(isDay('2027-02-29')).toBe(false)
    expect(isDay('2026-1-5')).toBe(false)
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
  })
})
