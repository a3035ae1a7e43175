/**
 * Body measurements for a made-to-measure suit: the fields, their bounds in each unit system,
 * the message for each mistake, and unit conversion. Values stay the text the customer typed
 * (so "178," is not lost mid-typing); numbers are read only to check and convert them. Pure and
 * dependency-free; bounds and messages are documented in docs/configurator.md.
 */

export type Units = 'metric' | 'imperial'

export type MeasurementKey =
  | 'height'
  | 'weight'
  | 'chest'
  | 'waist'
  | 'hips'
  | 'inseam'
  | 'armSpan'
  | 'shoulderWidth'
  | 'torso'

interface Bounds<Unit extends string> {
  unit: Unit
  min: number
  max: number
  /** A plausible value, shown in the message for text that is not a number. */
  example: string
}

export interface MeasurementField {
  key: MeasurementKey
  label: string
  /** How to measure it. */
  hint: string
  /** What "Enter your …" asks for. */
  name: string
  metric: Bounds<'cm' | 'kg'>
  imperial: Bounds<'in' | 'lb'>
}

/**
 * Bounds cover adult pilots with room to spare; anyone outside them talks to us. The imperial
 * bounds are the metric ones converted and rounded outwards to whole inches and pounds, so any
 * value valid in metric stays valid when the customer switches to imperial (a test holds this).
 */
export const measurementFields: readonly MeasurementField[] = [
  {
    key: 'height',
    label: 'Height',
    name: 'height',
    hint: 'Standing straight against a wall, without shoes.',
    metric: { unit: 'cm', min: 140, max: 210, example: '178.5' },
    imperial: { unit: 'in', min: 55, max: 83, example: '70.5' },
  },
  {
    key: 'weight',
    label: 'Weight',
    name: 'weight',
    hint: 'Your body weight, lightly dressed.',
    metric: { unit: 'kg', min: 40, max: 150, example: '76.5' },
    imperial: { unit: 'lb', min: 88, max: 331, example: '168.5' },
  },
  {
    key: 'chest',
    label: 'Chest',
    name: 'chest measurement',
    hint: 'Around the fullest part of your chest, under the arms, breathing normally.',
    metric: { unit: 'cm', min: 70, max: 150, example: '98.5' },
    imperial: { unit: 'in', min: 27, max: 60, example: '38.5' },
  },
  {
    key: 'waist',
    label: 'Waist',
    name: 'waist measurement',
    hint: 'Around your natural waist, level with the navel, relaxed.',
    metric: { unit: 'cm', min: 55, max: 150, example: '84.5' },
    imperial: { unit: 'in', min: 21, max: 60, example: '33.5' },
  },
  {
    key: 'hips',
    label: 'Hips',
    name: 'hip measurement',
    hint: 'Around the fullest part of your hips and seat, feet together.',
    metric: { unit: 'cm', min: 70, max: 160, example: '99.5' },
    imperial: { unit: 'in', min: 27, max: 63, example: '39.5' },
  },
  {
    key: 'inseam',
    label: 'Inseam',
    name: 'inseam',
    hint: 'From the crotch straight down to the floor, without shoes.',
    metric: { unit: 'cm', min: 60, max: 100, example: '82.5' },
    imperial: { unit: 'in', min: 23, max: 40, example: '32.5' },
  },
  {
    key: 'armSpan',
    label: 'Arm span',
    name: 'arm span',
    hint: 'Fingertip to fingertip, arms straight out to the sides.',
    metric: { unit: 'cm', min: 130, max: 230, example: '180.5' },
    imperial: { unit: 'in', min: 51, max: 91, example: '71.5' },
  },
  {
    key: 'shoulderWidth',
    label: 'Shoulder width',
    name: 'shoulder width',
    hint: 'Across your back, from one shoulder point to the other.',
    metric: { unit: 'cm', min: 30, max: 60, example: '45.5' },
    imperial: { unit: 'in', min: 11, max: 24, example: '18' },
  },
  {
    key: 'torso',
    label: 'Torso length',
    name: 'torso length',
    hint: 'From the top of the shoulder, down the front, to the crotch.',
    metric: { unit: 'cm', min: 50, max: 95, example: '68.5' },
    imperial: { unit: 'in', min: 19, max: 38, example: '27' },
  },
]

/** As typed, per field. */
export type MeasurementValues = Partial<Record<MeasurementKey, string>>
export type MeasurementErrors = Partial<Record<MeasurementKey, string>>

/** Arm span is close to height in nearly everyone (the "ape index" is about 1.0). */
export const ARM_SPAN_RATIO = { min: 0.85, max: 1.15 } as const

const INCH_CM = 2.54
const POUND_KG = 0.45359237
const NUMBER = /^-?\d+(?:[.,]\d+)?$/
const ONE_DECIMAL = /^-?\d+(?:[.,]\d)?$/

/** A message per invalid field; an empty object when every field is valid. */
export function validateMeasurements(units: Units, values: MeasurementValues): MeasurementErrors {
  const errors: MeasurementErrors = {}
  const numbers: Partial<Record<MeasurementKey, number>> = {}
  for (const field of measurementFields) {
    const bounds = field[units]
    const text = (values[field.key] ?? '').trim()
    if (text === '') errors[field.key] = `Enter your ${field.name}.`
    else if (!NUMBER.test(text)) errors[field.key] = `Enter a number, like ${bounds.example}.`
    else if (!ONE_DECIMAL.test(text))
      errors[field.key] = `Use at most one decimal, like ${bounds.example}.`
    else {
      const value = readNumber(text)
      if (value < bounds.min || value > bounds.max)
        errors[field.key] =
          `${field.label} must be between ${bounds.min} and ${bounds.max} ${bounds.unit}.`
      else numbers[field.key] = value
    }
  }

  // Checks across fields, each only when the fields it reads are valid on their own. The
  // figures in the messages are the very ones checked against, so the message can be obeyed.
  const unit = units === 'metric' ? 'cm' : 'in'
  const { height, armSpan, inseam, torso } = numbers
  if (height === undefined) return errors
  if (armSpan !== undefined) {
    const low = ceilTenth(height * ARM_SPAN_RATIO.min)
    const high = floorTenth(height * ARM_SPAN_RATIO.max)
    if (armSpan < low || armSpan > high)
      errors.armSpan = `For a height of ${height} ${unit}, arm span should be between ${low} and ${high} ${unit}. Measure again, fingertip to fingertip.`
  }
  if (inseam !== undefined) {
    const half = floorTenth(height / 2)
    if (inseam > half)
      errors.inseam = `Inseam must be at most half your height, ${half} ${unit}. Measure from the crotch to the floor, without shoes.`
  }
  if (inseam !== undefined && torso !== undefined && !errors.inseam) {
    if (tenths(torso) + tenths(inseam) >= tenths(height))
      errors.torso = `Torso length and inseam together must be less than your height (${height} ${unit}). Measure the torso from the top of the shoulder to the crotch.`
  }
  return errors
}

/**
 * The values in the other unit system, each rounded to one decimal, so switching units keeps
 * what the customer typed. Text that is not a number stays as it is; empty fields stay empty.
 * (Switching back and forth can move a value by a tenth: 178.5 cm -> 70.3 in -> 178.6 cm.)
 */
export function convertMeasurements(
  from: Units,
  to: Units,
  values: MeasurementValues,
): MeasurementValues {
  const converted: MeasurementValues = { ...values }
  if (from === to) return converted
  for (const field of measurementFields) {
    const text = values[field.key]?.trim()
    if (text === undefined || !NUMBER.test(text)) continue
    const factor = field.metric.unit === 'kg' ? POUND_KG : INCH_CM
    const value = readNumber(text)
    // Far past any bound: converting would only write it in exponent form.
    if (Math.abs(value) >= 1e6) continue
    converted[field.key] = formatTenth(to === 'metric' ? value * factor : value / factor)
  }
  return converted
}

function readNumber(text: string): number {
  return Number(text.replace(',', '.'))
}

/** Values have one decimal; comparing them in whole tenths keeps 0.1 + 0.2 out of it. */
function tenths(value: number): number {
  return Math.round(value * 10)
}

// The small nudge keeps a product like 178 * 0.85 = 151.29999… from rounding the wrong way.
function ceilTenth(value: number): number {
  return Math.ceil(value * 10 - 1e-6) / 10
}

function floorTenth(value: number): number {
  return Math.floor(value * 10 + 1e-6) / 10
}

function formatTenth(value: number): string {
  const rounded = Math.round(value * 10) / 10
  return String(rounded === 0 ? 0 : rounded)
}
