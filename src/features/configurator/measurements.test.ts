import { describe, expect, it } from 'vitest'
import {
  convertMeasurements,
  measurementFields,
  validateMeasurements,
  type MeasurementKey,
  type MeasurementValues,
  type Units,
} from './measurements.ts'

const metric: MeasurementValues = {
  height: '178',
  weight: '76.5',
  chest: '98',
  waist: '84',
  hips: '99.5',
  inseam: '82',
  armSpan: '180',
  shoulderWidth: '46',
  torso: '68',
}

const imperial: MeasurementValues = {
  height: '70',
  weight: '168.5',
  chest: '38.5',
  waist: '33',
  hips: '39',
  inseam: '32',
  armSpan: '71',
  shoulderWidth: '18',
  torso: '27',
}

const keys = measurementFields.map((f) => f.key)
const only = (key: MeasurementKey, value: string): MeasurementValues => ({ [key]: value })
/** Every tenth from `from` to `to`, as a customer would type it. */
const tenths = (from: number, to: number) =>
  Array.from({ length: Math.round((to - from) * 10) + 1 }, (_, i) =>
    String(Math.round(from * 10 + i) / 10),
  )

describe('the fields', () => {
  it('are the nine measurements of a made-to-measure suit, each once', () => {
    expect(keys).toEqual([
      'height',
      'weight',
      'chest',
      'waist',
      'hips',
      'inseam',
      'armSpan',
      'shoulderWidth',
      'torso',
    ])
  })

  it('measure weight in kg or lb and everything else in cm or in', () => {
    for (const field of measurementFields) {
      expect(field.metric.unit).toBe(field.key === 'weight' ? 'kg' : 'cm')
      expect(field.imperial.unit).toBe(field.key === 'weight' ? 'lb' : 'in')
      expect(field.label).not.toBe('')
      expect(field.hint).not.toBe('')
    }
  })

  it('have imperial bounds that are the metric ones rounded outwards', () => {
    for (const { key, metric: m, imperial: i } of measurementFields) {
      const factor = key === 'weight' ? 0.45359237 : 2.54
      expect([key, i.min, i.max]).toEqual([
        key,
        Math.floor(m.min / factor),
        Math.ceil(m.max / factor),
      ])
      expect(m.min).toBeLessThan(m.max)
    }
  })

  it('give examples that are themselves valid', () => {
    for (const field of measurementFields)
      for (const units of ['metric', 'imperial'] as const)
        expect(validateMeasurements(units, only(field.key, field[units].example))[field.key]).toBe(
          undefined,
        )
  })
})

describe('validateMeasurements', () => {
  it('accepts a complete, plausible set in either unit system', () => {
    expect(validateMeasurements('metric', metric)).toEqual({})
    expect(validateMeasurements('imperial', imperial)).toEqual({})
  })

  it('asks for every missing field by name', () => {
    expect(validateMeasurements('metric', {})).toEqual({
      height: 'Enter your height.',
      weight: 'Enter your weight.',
      chest: 'Enter your chest measurement.',
      waist: 'Enter your waist measurement.',
      hips: 'Enter your hip measurement.',
      inseam: 'Enter your inseam.',
      armSpan: 'Enter your arm span.',
      shoulderWidth: 'Enter your shoulder width.',
      torso: 'Enter your torso length.',
    })
    expect(validateMeasurements('imperial', { ...imperial, chest: '  ' }).chest).toBe(
      'Enter your chest measurement.',
    )
  })

  it.each([
    'abc',
    '17 8',
    '178.',
    '.5',
    '1e2',
    '0x10',
    '+178',
    '178..5',
    '178.5.1',
    '1,78,5',
    '178 cm',
    '5\'10"',
    '½',
    '١٧٨',
  ])('says "Enter a number" for %j', (text) => {
    expect(validateMeasurements('metric', { ...metric, height: text }).height).toBe(
      'Enter a number, like 178.5.',
    )
    expect(validateMeasurements('imperial', { ...imperial, height: text }).height).toBe(
      'Enter a number, like 70.5.',
    )
  })

  it('allows one decimal, with a point or a comma, and spaces around', () => {
    for (const text of ['178', '178.5', '178,5', ' 178.5 ', '0178', '178.0'])
      expect(validateMeasurements('metric', { ...metric, height: text })).toEqual({})
    expect(validateMeasurements('metric', { ...metric, height: '178.55' }).height).toBe(
      'Use at most one decimal, like 178.5.',
    )
    expect(validateMeasurements('metric', { ...metric, weight: '76,25' }).weight).toBe(
      'Use at most one decimal, like 76.5.',
    )
  })

  it('names the bounds and the unit when a value is outside them', () => {
    const cases: [Units, MeasurementKey, string, string][] = [
      ['metric', 'height', '139.9', 'Height must be between 140 and 210 cm.'],
      ['metric', 'height', '210.1', 'Height must be between 140 and 210 cm.'],
      ['metric', 'height', '-178', 'Height must be between 140 and 210 cm.'],
      ['metric', 'weight', '0', 'Weight must be between 40 and 150 kg.'],
      ['imperial', 'height', '54.9', 'Height must be between 55 and 83 in.'],
      ['imperial', 'weight', '331.1', 'Weight must be between 88 and 331 lb.'],
      ['imperial', 'shoulderWidth', '25', 'Shoulder width must be between 11 and 24 in.'],
      ['metric', 'armSpan', '99999999', 'Arm span must be between 130 and 230 cm.'],
    ]
    for (const [units, key, text, message] of cases)
      expect(validateMeasurements(units, only(key, text))[key]).toBe(message)
  })

  it('accepts exactly the tenths within each field’s bounds, in both unit systems', () => {
    for (const field of measurementFields)
      for (const units of ['metric', 'imperial'] as const) {
        const { min, max } = field[units]
        for (const text of tenths(min - 2, max + 2)) {
          const valid = Number(text) >= min && Number(text) <= max
          const message = validateMeasurements(units, only(field.key, text))[field.key]
          expect([field.key, units, text, message === undefined]).toEqual([
            field.key,
            units,
            text,
            valid,
          ])
        }
      }
  })

  it('gives each field at most one message, and only fields it knows', () => {
    const errors = validateMeasurements('metric', {
      height: 'tall',
      armSpan: '400',
      inseam: '',
    } as MeasurementValues)
    for (const key of Object.keys(errors)) expect(keys).toContain(key)
    expect(errors.height).toBe('Enter a number, like 178.5.')
    expect(errors.armSpan).toBe('Arm span must be between 130 and 230 cm.')
  })

  describe('across fields', () => {
    it('keeps arm span within 85–115 % of height, naming the range', () => {
      const message =
        'For a height of 178 cm, arm span should be between 151.3 and 204.7 cm. Measure again, fingertip to fingertip.'
      expect(validateMeasurements('metric', { ...metric, armSpan: '151.3' })).toEqual({})
      expect(validateMeasurements('metric', { ...metric, armSpan: '204.7' })).toEqual({})
      expect(validateMeasurements('metric', { ...metric, armSpan: '151.2' })).toEqual({
        armSpan: message,
      })
      expect(validateMeasurements('metric', { ...metric, armSpan: '204.8' })).toEqual({
        armSpan: message,
      })
      expect(validateMeasurements('imperial', { ...imperial, armSpan: '59.4' }).armSpan).toBe(
        'For a height of 70 in, arm span should be between 59.5 and 80.5 in. Measure again, fingertip to fingertip.',
      )
    })

    it('can always be met by the figures the message gives', () => {
      for (const height of tenths(140, 210)) {
        // Whichever end of the field's own bounds is implausible for this height.
        const message = ['130', '230']
          .map((armSpan) => validateMeasurements('metric', { ...metric, height, armSpan }).armSpan)
          .find((m) => m?.startsWith('For a height'))
        const [low, high] = message?.match(/between ([\d.]+) and ([\d.]+) cm/)?.slice(1) ?? []
        expect(low).toBeDefined()
        for (const armSpan of [low, high])
          if (Number(armSpan) >= 130 && Number(armSpan) <= 230)
            expect(validateMeasurements('metric', { ...metric, height, armSpan }).armSpan).toBe(
              undefined,
            )
      }
    })

    it('keeps inseam to at most half the height', () => {
      expect(
        validateMeasurements('metric', { ...metric, height: '170.5', inseam: '85.2' }),
      ).toEqual({})
      expect(
        validateMeasurements('metric', { ...metric, height: '170.5', inseam: '85.3' }),
      ).toEqual({
        inseam:
          'Inseam must be at most half your height, 85.2 cm. Measure from the crotch to the floor, without shoes.',
      })
    })

    it('keeps torso and inseam together below the height', () => {
      const values = { ...metric, height: '150', inseam: '75', armSpan: '150' }
      expect(validateMeasurements('metric', { ...values, torso: '74.9' })).toEqual({})
      expect(validateMeasurements('metric', { ...values, torso: '75' })).toEqual({
        torso:
          'Torso length and inseam together must be less than your height (150 cm). Measure the torso from the top of the shoulder to the crotch.',
      })
      // In tenths, so 0.1 + 0.2 style sums do not misfire.
      expect(
        validateMeasurements('metric', {
          ...values,
          height: '140.3',
          armSpan: '140',
          inseam: '70.1',
          torso: '70.1',
        }),
      ).toEqual({})
    })

    it('run only when the fields they read are valid on their own', () => {
      expect(validateMeasurements('metric', { ...metric, height: '' })).toEqual({
        height: 'Enter your height.',
      })
      expect(validateMeasurements('metric', { ...metric, height: '178', armSpan: 'x' })).toEqual({
        armSpan: 'Enter a number, like 180.5.',
      })
      // An inseam already too long says so once, on the inseam, not again on the torso.
      const errors = validateMeasurements('metric', {
        ...metric,
        height: '150',
        armSpan: '150',
        inseam: '90',
        torso: '80',
      })
      expect(Object.keys(errors)).toEqual(['inseam'])
    })
  })
})

describe('convertMeasurements', () => {
  it('converts to imperial, rounded to one decimal', () => {
    expect(convertMeasurements('metric', 'imperial', metric)).toEqual({
      height: '70.1',
      weight: '168.7',
      chest: '38.6',
      waist: '33.1',
      hips: '39.2',
      inseam: '32.3',
      armSpan: '70.9',
      shoulderWidth: '18.1',
      torso: '26.8',
    })
  })

  it('converts to metric, rounded to one decimal', () => {
    expect(convertMeasurements('imperial', 'metric', imperial)).toEqual({
      height: '177.8',
      weight: '76.4',
      chest: '97.8',
      waist: '83.8',
      hips: '99.1',
      inseam: '81.3',
      armSpan: '180.3',
      shoulderWidth: '45.7',
      torso: '68.6',
    })
  })

  it('returns a copy of the values when the units do not change', () => {
    const values = { height: '178,5', weight: 'abc' }
    const same = convertMeasurements('metric', 'metric', values)
    expect(same).toEqual(values)
    expect(same).not.toBe(values)
  })

  it('keeps text that is not a number as typed, and leaves empty fields out', () => {
    expect(
      convertMeasurements('metric', 'imperial', { height: 'tall', weight: '', chest: '100' }),
    ).toEqual({ height: 'tall', weight: '', chest: '39.4' })
    expect(convertMeasurements('metric', 'imperial', {})).toEqual({})
  })

  it('reads commas, extra decimals, negatives and spaces, and never writes -0 or exponents', () => {
    expect(
      convertMeasurements('metric', 'imperial', {
        height: '178,5',
        weight: '76.25',
        chest: '-100',
        waist: '-0.01',
        hips: ' 100 ',
        inseam: '1000000000000000000000000',
      }),
    ).toEqual({
      height: '70.3',
      weight: '168.1',
      chest: '-39.4',
      waist: '0',
      hips: '39.4',
      inseam: '1000000000000000000000000',
    })
  })

  it('keeps every valid metric value valid in imperial', () => {
    for (const field of measurementFields)
      for (const text of tenths(field.metric.min, field.metric.max)) {
        const converted = convertMeasurements('metric', 'imperial', only(field.key, text))
        expect([field.key, text, validateMeasurements('imperial', converted)[field.key]]).toEqual([
          field.key,
          text,
          undefined,
        ])
      }
  })

  it('turns a valid metric set into a valid imperial one and back within a tenth or two', () => {
    const there = convertMeasurements('metric', 'imperial', metric)
    expect(validateMeasurements('imperial', there)).toEqual({})
    const back = convertMeasurements('imperial', 'metric', there)
    expect(validateMeasurements('metric', back)).toEqual({})
    for (const key of keys)
      expect(Math.abs(Number(back[key]) - Number(metric[key]))).toBeLessThanOrEqual(0.2)
  })
})
