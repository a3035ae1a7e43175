import { describe, expect, it } from 'vitest'
import {
  DEFAULT_EDIT_STATE,
  DEFAULT_PATTERN_EDIT,
  MAX_TARGETS,
  ROTATION,
  SCALE,
  decodeEditState,
  encodeEditState,
  patternUrl,
  patterns,
  type PatternEdit,
} from './edit-state.ts'

const wingsuitRegions = ['body', 'arm-wing', 'leg-wing', 'sleeve', 'leg', 'inlet', 'zip-trim']
const range = ({ min, max, step }: { min: number; max: number; step: number }) =>
  Array.from({ length: (max - min) / step + 1 }, (_, i) => min + i * step)
const edit = (overrides: Partial<PatternEdit> = {}): PatternEdit => ({
  ...DEFAULT_PATTERN_EDIT,
  ...overrides,
})

/** Holds both halves of the exact round trip for one string. */
function expectCanonical(value: string) {
  const decoded = decodeEditState(value)
  if (decoded) expect(encodeEditState(decoded)).toBe(value)
}

/** A small seeded generator, so the fuzz cases are the same on every run. */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648
  }
}

describe('the default', () => {
  it('is a fixed literal that encodes the default edit', () => {
    expect(DEFAULT_EDIT_STATE).toBe('1.none.n4D.w1A.100.0..0')
    expect(encodeEditState(DEFAULT_PATTERN_EDIT)).toBe(DEFAULT_EDIT_STATE)
    expect(decodeEditState(DEFAULT_EDIT_STATE)).toEqual(DEFAULT_PATTERN_EDIT)
  })

  it('paints nothing, on nothing, in the default colour n4D', () => {
    expect(DEFAULT_PATTERN_EDIT.pattern).toBe('none')
    expect(DEFAULT_PATTERN_EDIT.targets).toEqual([])
    expect(DEFAULT_PATTERN_EDIT.colors[0]).toBe('n4D')
    expect(patternUrl(DEFAULT_PATTERN_EDIT)).toBe('')
  })
})

describe('patterns', () => {
  it('offers none first and each pattern once', () => {
    expect(patterns[0].key).toBe('none')
    expect(new Set(patterns.map((p) => p.key)).size).toBe(patterns.length)
    expect(patterns.length).toBeGreaterThanOrEqual(6)
    for (const p of patterns) expect(p.label).not.toBe('')
  })

  it('points patURL at the preview image of each pattern', () => {
    for (const { key } of patterns.slice(1))
      expect(patternUrl(edit({ pattern: key }))).toBe(`/images/patterns/${key}.svg`)
  })
})

describe('round trip', () => {
  it('decodes every pattern, scale, rotation and mirror back to the same edit', () => {
    let count = 0
    for (const { key } of patterns)
      for (const scale of range(SCALE))
        for (const rotation of range(ROTATION))
          for (const mirror of [false, true]) {
            const e = edit({ pattern: key, scale, rotation, mirror, colors: ['r7C', 'k1A'] })
            const encoded = encodeEditState(e)
            expect(decodeEditState(encoded)).toEqual(e)
            count++
          }
    expect(count).toBe(patterns.length * 16 * 24 * 2)
  })

  it('decodes every set of wingsuit regions, and asymmetric halves, back to the same targets', () => {
    for (let mask = 0; mask < 1 << wingsuitRegions.length; mask++) {
      const targets = wingsuitRegions.filter((_, i) => mask & (1 << i)).sort()
      const e = edit({ pattern: 'stripes', targets })
      expect(decodeEditState(encodeEditState(e))).toEqual(e)
    }
    const halves = edit({ pattern: 'dots', targets: ['arm-wing-l', 'body-r', 'leg-wing-l'] })
    expect(decodeEditState(encodeEditState(halves))).toEqual(halves)
  })

  it('keeps the most a state can hold, within the length decode accepts', () => {
    const targets = Array.from({ length: MAX_TARGETS }, (_, i) =>
      `region-${String(i).padStart(2, '0')}-`.padEnd(32, 'x'),
    ).sort()
    const e = edit({ pattern: 'splinter', scale: 200, rotation: 345, mirror: true, targets })
    const encoded = encodeEditState(e)
    expect(encoded.length).toBeLessThan(1000)
    expect(decodeEditState(encoded)).toEqual(e)
  })

  it('writes URL-safe text that needs no escaping', () => {
    const e = edit({
      pattern: 'chevron',
      colors: ['y9F', 'm1S'],
      scale: 150,
      rotation: 45,
      mirror: true,
      targets: ['arm-wing', 'body', 'zip-trim'],
    })
    const encoded = encodeEditState(e)
    expect(encoded).toBe('1.chevron.y9F.m1S.150.45.arm-wing_body_zip-trim.1')
    expect(encodeURIComponent(encoded)).toBe(encoded)
    expect(new URLSearchParams({ e: encoded }).toString()).toBe(`e=${encoded}`)
  })
})

describe('decode rejects', () => {
  const valid = '1.stripes.r7C.w1A.120.45.arm-wing_body.1'

  it('accepts the valid example these cases spoil', () => {
    expect(decodeEditState(valid)).toEqual({
      pattern: 'stripes',
      colors: ['r7C', 'w1A'],
      scale: 120,
      rotation: 45,
      mirror: true,
      targets: ['arm-wing', 'body'],
    })
  })

  it.each([
    ['empty', ''],
    ['garbage', 'hello world'],
    ['JSON', '{"pattern":"stripes"}'],
    ['another version', '2.stripes.r7C.w1A.120.45.arm-wing_body.1'],
    ['version 01', '01.stripes.r7C.w1A.120.45.arm-wing_body.1'],
    ['a missing part', '1.stripes.r7C.w1A.120.45.1'],
    ['an extra part', `${valid}.1`],
    ['a trailing dot', `${valid}.`],
    ['a leading space', ` ${valid}`],
    ['a trailing newline', `${valid}\n`],
    ['an unknown pattern', '1.plaid.r7C.w1A.120.45.arm-wing_body.1'],
    ['a pattern in capitals', '1.Stripes.r7C.w1A.120.45.arm-wing_body.1'],
    ['an inherited property as pattern', '1.constructor.r7C.w1A.120.45.arm-wing_body.1'],
    ['a colour id in the wrong case', '1.stripes.R7C.w1A.120.45.arm-wing_body.1'],
    ['a colour id too long', '1.stripes.r7CC.w1A.120.45.arm-wing_body.1'],
    ['a colour id too short', '1.stripes.r7C.w1.120.45.arm-wing_body.1'],
    ['a colour hex', '1.stripes.r7C.ffffff.120.45.arm-wing_body.1'],
    ['an empty colour', '1.stripes..w1A.120.45.arm-wing_body.1'],
    ['scale below 50', '1.stripes.r7C.w1A.40.45.arm-wing_body.1'],
    ['scale above 200', '1.stripes.r7C.w1A.210.45.arm-wing_body.1'],
    ['scale off its step', '1.stripes.r7C.w1A.125.45.arm-wing_body.1'],
    ['scale with a leading zero', '1.stripes.r7C.w1A.0120.45.arm-wing_body.1'],
    ['scale with a sign', '1.stripes.r7C.w1A.+120.45.arm-wing_body.1'],
    ['scale in exponent form', '1.stripes.r7C.w1A.12e1.45.arm-wing_body.1'],
    ['scale in hex', '1.stripes.r7C.w1A.0x78.45.arm-wing_body.1'],
    ['an empty scale', '1.stripes.r7C.w1A..45.arm-wing_body.1'],
    ['rotation of 360', '1.stripes.r7C.w1A.120.360.arm-wing_body.1'],
    ['negative rotation', '1.stripes.r7C.w1A.120.-15.arm-wing_body.1'],
    ['rotation off its step', '1.stripes.r7C.w1A.120.40.arm-wing_body.1'],
    ['rotation -0', '1.stripes.r7C.w1A.120.-0.arm-wing_body.1'],
    ['rotation 00', '1.stripes.r7C.w1A.120.00.arm-wing_body.1'],
    ['a mirror flag other than 0 or 1', '1.stripes.r7C.w1A.120.45.arm-wing_body.2'],
    ['a mirror flag as a word', '1.stripes.r7C.w1A.120.45.arm-wing_body.true'],
    ['unsorted targets', '1.stripes.r7C.w1A.120.45.body_arm-wing.1'],
    ['a repeated target', '1.stripes.r7C.w1A.120.45.body_body.1'],
    ['an empty target', '1.stripes.r7C.w1A.120.45.body_.1'],
    ['a leading separator', '1.stripes.r7C.w1A.120.45._body.1'],
    ['a target in capitals', '1.stripes.r7C.w1A.120.45.Body.1'],
    ['a target with a double hyphen', '1.stripes.r7C.w1A.120.45.arm--wing.1'],
    ['a target ending in a hyphen', '1.stripes.r7C.w1A.120.45.body-.1'],
    ['a target with an escape', '1.stripes.r7C.w1A.120.45.body%20x.1'],
    ['a target too long', `1.stripes.r7C.w1A.120.45.${'a'.repeat(33)}.1`],
    ['percent-encoded dots', '1%2Estripes%2Er7C%2Ew1A%2E120%2E45%2Ebody%2E1'],
  ])('%s', (_, value) => {
    expect(decodeEditState(value)).toBeNull()
  })

  it('more targets than a drawing could have', () => {
    const targets = Array.from(
      { length: MAX_TARGETS + 1 },
      (_, i) => `r${String(i).padStart(2, '0')}`,
    )
    expect(decodeEditState(`1.dots.r7C.w1A.100.0.${targets.join('_')}.0`)).toBeNull()
    expect(decodeEditState(`1.dots.r7C.w1A.100.0.${targets.slice(1).join('_')}.0`)).not.toBeNull()
  })

  it('very long input, quickly', () => {
    const long = `1.stripes.r7C.w1A.100.0.${Array.from({ length: 200_000 }, (_, i) => `r${i}`).join('_')}.0`
    const started = performance.now()
    expect(decodeEditState(long)).toBeNull()
    expect(decodeEditState('.'.repeat(1_000_000))).toBeNull()
    expect(performance.now() - started).toBeLessThan(50)
  })

  it('anything that is not a string, without throwing', () => {
    for (const value of [undefined, null, 1, {}, [], ['1'], Symbol('x')])
      expect(decodeEditState(value as unknown as string)).toBeNull()
  })
})

describe('canonical form', () => {
  it('is the only spelling decode accepts: every one-character change is rejected or re-encodes to itself', () => {
    const valid = '1.chevron.r7C.w1A.120.45.arm-wing_body.1'
    const alphabet = '.01259_-aAbzZ %'
    let accepted = 0
    for (let i = 0; i <= valid.length; i++) {
      const variants = [valid.slice(0, i) + valid.slice(i + 1)]
      for (const c of alphabet) {
        variants.push(valid.slice(0, i) + c + valid.slice(i + 1))
        variants.push(valid.slice(0, i) + c + valid.slice(i))
      }
      for (const variant of variants) {
        expectCanonical(variant)
        if (variant !== valid && decodeEditState(variant)) accepted++
      }
    }
    // Some changes are other valid states (another colour, body -> bodz, mirror 0).
    expect(accepted).toBeGreaterThan(0)
  })

  it('holds for random garbage built from the format’s own pieces', () => {
    const next = random(42)
    const pieces = [
      '1',
      '.',
      '_',
      '-',
      'dots',
      'none',
      'n4D',
      'w1A',
      '0',
      '15',
      '100',
      'body',
      'leg',
      'x',
      '',
    ]
    for (let n = 0; n < 20_000; n++) {
      let value = ''
      const length = Math.floor(next() * 20)
      for (let i = 0; i < length; i++) value += pieces[Math.floor(next() * pieces.length)]
      expect(() => expectCanonical(value)).not.toThrow()
    }
  })

  it('holds for random edits near valid ones', () => {
    const next = random(7)
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]
    for (let n = 0; n < 2_000; n++) {
      const value = [
        pick(['1', '1', '2']),
        pick(patterns.map((p) => p.key)),
        pick(['n4D', 'k1A', 'K1A']),
        pick(['r7C', 'w1A', '']),
        pick(['50', '200', '100', '45', '210']),
        pick(['0', '345', '360', '30']),
        pick(['', 'body', 'arm-wing_body', 'body_arm-wing', 'leg_leg']),
        pick(['0', '1', '']),
      ].join('.')
      expectCanonical(value)
    }
  })
})

describe('encode', () => {
  it('sorts targets and drops repeats and ids no drawing could have', () => {
    const e = edit({ pattern: 'dots', targets: ['leg', 'body', 'leg', 'Body', '', 'arm wing'] })
    expect(decodeEditState(encodeEditState(e))?.targets).toEqual(['body', 'leg'])
  })

  it('snaps scale and rotation to their steps and bounds', () => {
    const cases: [Partial<PatternEdit>, number, number][] = [
      [{ scale: 55, rotation: 7 }, 60, 0],
      [{ scale: 44, rotation: 8 }, 50, 15],
      [{ scale: 1000, rotation: 360 }, 200, 0],
      [{ scale: -5, rotation: -15 }, 50, 345],
      [{ scale: Number.NaN, rotation: Number.POSITIVE_INFINITY }, 100, 0],
      [{ scale: 120.0000001, rotation: 735 }, 120, 15],
    ]
    for (const [overrides, scale, rotation] of cases) {
      const decoded = decodeEditState(encodeEditState(edit(overrides)))
      expect(decoded).toMatchObject({ scale, rotation })
    }
  })

  it('replaces an unknown pattern or colour id with the default’s, so the state always decodes', () => {
    const broken = {
      pattern: 'plaid',
      colors: ['red', 'r7C'],
      scale: 100,
      rotation: 0,
      mirror: 'yes',
      targets: [null, 'body', 3],
    } as unknown as PatternEdit
    const encoded = encodeEditState(broken)
    expect(encoded).toBe('1.none.n4D.r7C.100.0.body.0')
    expect(decodeEditState(encoded)).not.toBeNull()
  })
})
