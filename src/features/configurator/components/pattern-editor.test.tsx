import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  DEFAULT_EDIT_STATE,
  decodeEditState,
  encodeEditState,
  patterns,
  type PatternEdit,
} from '../edit-state.ts'
import { PatternDefs } from './pattern-defs.tsx'
import { PatternEditor } from './pattern-editor.tsx'

afterEach(cleanup)

const regions = [
  { id: 'body', label: 'Body' },
  { id: 'arm-wing', label: 'Arm wings' },
  { id: 'leg-wing', label: 'Leg wing' },
]
const palette = [
  { id: 'n4D', name: 'Deep navy', hex: '#1f2a44' },
  { id: 'w1A', name: 'Chalk white', hex: '#f2f1ec' },
  { id: 'r7C', name: 'Signal red', hex: '#c8282e' },
]
const stripes = '1.stripes.r7C.w1A.120.45.arm-wing_body.0'

function renderEditor(value: string) {
  const onChange = vi.fn<(next: string) => void>()
  const view = render(
    <PatternEditor value={value} onChange={onChange} regions={regions} palette={palette} />,
  )
  const last = () => decodeEditState(onChange.mock.lastCall?.[0] ?? '')
  return { ...view, onChange, last }
}

const valueOf = (element: HTMLElement) => (element as HTMLInputElement).value
const checked = (element: HTMLElement) => (element as HTMLInputElement).checked

/** No style attribute or <style> anywhere: the CSP (`style-src 'self'`) would block them. */
function expectNoStyles(container: Element) {
  expect(container.querySelectorAll('[style], style')).toHaveLength(0)
}

describe('PatternEditor', () => {
  it('shows the state it is given', () => {
    renderEditor(stripes)
    expect(checked(screen.getByRole('radio', { name: 'Stripes' }))).toBe(true)
    expect(valueOf(screen.getByRole('combobox', { name: 'Ground colour' }))).toBe('r7C')
    expect(valueOf(screen.getByRole('combobox', { name: 'Pattern colour' }))).toBe('w1A')
    expect(valueOf(screen.getByRole('slider', { name: 'Scale' }))).toBe('120')
    expect(screen.getByText('120 %')).toBeTruthy()
    expect(valueOf(screen.getByRole('slider', { name: 'Rotation' }))).toBe('45')
    expect(screen.getByText('45°')).toBeTruthy()
    expect(checked(screen.getByRole('checkbox', { name: 'Mirror the pattern' }))).toBe(false)
    expect(checked(screen.getByRole('checkbox', { name: 'Body' }))).toBe(true)
    expect(checked(screen.getByRole('checkbox', { name: 'Arm wings' }))).toBe(true)
    expect(checked(screen.getByRole('checkbox', { name: 'Leg wing' }))).toBe(false)
    expect(screen.queryByText(/could not be read/)).toBeNull()
  })

  it('offers every pattern as a labelled radio in one group', () => {
    renderEditor(DEFAULT_EDIT_STATE)
    const group = screen.getByRole('group', { name: 'Pattern' })
    const radios = within(group).getAllByRole('radio')
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual(patterns.map((p) => p.key))
    expect(new Set(radios.map((r) => (r as HTMLInputElement).name)).size).toBe(1)
  })

  it('reports each change as the next encoded state', () => {
    const { onChange, last } = renderEditor(stripes)
    const base = decodeEditState(stripes) as PatternEdit

    fireEvent.click(screen.getByRole('radio', { name: 'Dots' }))
    expect(last()).toEqual({ ...base, pattern: 'dots' })

    fireEvent.change(screen.getByRole('combobox', { name: 'Pattern colour' }), {
      target: { value: 'n4D' },
    })
    expect(last()).toEqual({ ...base, colors: ['r7C', 'n4D'] })

    fireEvent.change(screen.getByRole('combobox', { name: 'Ground colour' }), {
      target: { value: 'w1A' },
    })
    expect(last()).toEqual({ ...base, colors: ['w1A', 'w1A'] })

    fireEvent.change(screen.getByRole('slider', { name: 'Scale' }), { target: { value: '200' } })
    expect(last()).toEqual({ ...base, scale: 200 })

    fireEvent.change(screen.getByRole('slider', { name: 'Rotation' }), {
      target: { value: '345' },
    })
    expect(last()).toEqual({ ...base, rotation: 345 })

    fireEvent.click(screen.getByRole('checkbox', { name: 'Mirror the pattern' }))
    expect(last()).toEqual({ ...base, mirror: true })

    fireEvent.click(screen.getByRole('checkbox', { name: 'Leg wing' }))
    expect(last()).toEqual({ ...base, targets: ['arm-wing', 'body', 'leg-wing'] })

    fireEvent.click(screen.getByRole('checkbox', { name: 'Body' }))
    expect(last()).toEqual({ ...base, targets: ['arm-wing'] })

    expect(onChange).toHaveBeenCalledTimes(8)
  })

  it('falls back to the default for a state it cannot read, and says so', () => {
    const { last } = renderEditor('1.plaid.r7C.w1A.120.45.body.0')
    expect(screen.getByText(/could not be read/).getAttribute('role')).toBe('status')
    expect(checked(screen.getByRole('radio', { name: 'No pattern' }))).toBe(true)
    fireEvent.click(screen.getByRole('radio', { name: 'Chevron' }))
    expect(last()).toEqual({ ...decodeEditState(DEFAULT_EDIT_STATE), pattern: 'chevron' })
  })

  it('drops targets the product does not have on the next change', () => {
    const { last } = renderEditor('1.stripes.r7C.w1A.100.0.body_hood.0')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mirror the pattern' }))
    expect(last()?.targets).toEqual(['body'])
  })

  it('keeps a colour the palette no longer offers visible until it is changed', () => {
    renderEditor('1.stripes.x9Z.w1A.100.0.body.0')
    const ground = screen.getByRole('combobox', { name: 'Ground colour' })
    expect(valueOf(ground)).toBe('x9Z')
    expect(within(ground).getByRole('option', { name: 'x9Z (no longer offered)' })).toBeTruthy()
  })

  it('uses no inline styles and passes axe', async () => {
    const { container } = renderEditor(stripes)
    expectNoStyles(container)
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
    expect(results.passes.length).toBeGreaterThan(0)
  })
})

describe('PatternDefs', () => {
  const hexOf = (id: string) => palette.find((c) => c.id === id)?.hex ?? '#000000'
  const draw = (edit: PatternEdit) =>
    render(
      <svg>
        <defs>
          <PatternDefs id="p" edit={edit} hexOf={hexOf} />
        </defs>
      </svg>,
    ).container

  it('draws nothing for no pattern', () => {
    expect(
      draw(decodeEditState(DEFAULT_EDIT_STATE) as PatternEdit).querySelector('defs')?.children,
    ).toHaveLength(0)
  })

  it('draws each pattern in its two colours with presentation attributes only', () => {
    for (const { key } of patterns.slice(1)) {
      cleanup()
      const edit = decodeEditState(
        encodeEditState({
          pattern: key,
          colors: ['r7C', 'w1A'],
          scale: 100,
          rotation: 0,
          mirror: false,
          targets: ['body'],
        }),
      ) as PatternEdit
      const container = draw(edit)
      const pattern = container.querySelector('pattern#p')
      expect(pattern, key).not.toBeNull()
      expect(pattern?.getAttribute('patternUnits')).toBe('userSpaceOnUse')
      const painted = [...container.querySelectorAll('[fill], [stop-color]')].map(
        (e) => e.getAttribute('fill') ?? e.getAttribute('stop-color'),
      )
      expect(painted, key).toContain('#c8282e')
      expect(painted.join(' '), key).toMatch(/#f2f1ec|url\(#p-fade\)/)
      expectNoStyles(container)
    }
  })

  it('turns scale, rotation and mirror into the pattern transform', () => {
    const base = decodeEditState(stripes) as PatternEdit
    const transform = (edit: PatternEdit) => {
      cleanup()
      return draw(edit).querySelector('pattern')?.getAttribute('patternTransform')
    }
    expect(transform({ ...base, scale: 100, rotation: 0 })).toBe('scale(1)')
    expect(transform({ ...base, scale: 200, rotation: 90, mirror: true })).toBe(
      'rotate(90) scale(2) scale(-1 1)',
    )
  })
})
