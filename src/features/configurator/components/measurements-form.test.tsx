import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  measurementFields,
  validateMeasurements,
  type MeasurementKey,
  type MeasurementValues,
  type Units,
} from '../measurements.ts'
import { MeasurementsForm } from './measurements-form.tsx'

afterEach(cleanup)

function renderForm(
  units: Units,
  values: MeasurementValues,
  shown: (key: MeasurementKey) => boolean = () => false,
) {
  const handlers = {
    onUnitsChange: vi.fn<(units: Units) => void>(),
    onChange: vi.fn<(key: MeasurementKey, value: string) => void>(),
    onBlur: vi.fn<(key: MeasurementKey) => void>(),
  }
  const view = render(
    <MeasurementsForm
      units={units}
      values={values}
      errors={validateMeasurements(units, values)}
      showErrors={shown}
      {...handlers}
    />,
  )
  return { ...view, ...handlers }
}

const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement

describe('MeasurementsForm', () => {
  it('has a labelled decimal input per field, with its unit and how to measure it', () => {
    renderForm('metric', { height: '178.5' })
    for (const field of measurementFields) {
      const box = input(field.label)
      expect(box.inputMode).toBe('decimal')
      const hint = document.getElementById(box.getAttribute('aria-describedby') ?? '')
      expect(hint?.textContent).toBe(
        `${field.hint} Between ${field.metric.min} and ${field.metric.max} ${field.metric.unit}.`,
      )
      expect(box.parentElement?.textContent).toContain(field.metric.unit)
    }
    expect(input('Height').value).toBe('178.5')
    expect(input('Weight').value).toBe('')
  })

  it('offers the two unit systems as one radio group and reports a switch', () => {
    const { onUnitsChange } = renderForm('imperial', {})
    const group = screen.getByRole('group', { name: 'Units' })
    const [metric, imperial] = within(group).getAllByRole('radio') as HTMLInputElement[]
    expect([metric.checked, imperial.checked]).toEqual([false, true])
    expect(input('Height').parentElement?.textContent).toContain('in')
    fireEvent.click(metric)
    expect(onUnitsChange).toHaveBeenCalledWith('metric')
  })

  it('reports typing and leaving a field', () => {
    const { onChange, onBlur } = renderForm('metric', {})
    fireEvent.change(input('Arm span'), { target: { value: '181,5' } })
    expect(onChange).toHaveBeenCalledWith('armSpan', '181,5')
    fireEvent.blur(input('Arm span'))
    expect(onBlur).toHaveBeenCalledWith('armSpan')
  })

  it('shows a field’s message only when asked to, tied to the input', () => {
    renderForm('metric', { height: '250', weight: 'abc' }, (key) => key === 'height')
    const height = input('Height')
    expect(height.getAttribute('aria-invalid')).toBe('true')
    const [errorId, hintId] = (height.getAttribute('aria-describedby') ?? '').split(' ')
    expect(document.getElementById(errorId)?.textContent).toBe(
      'Height must be between 140 and 210 cm.',
    )
    expect(document.getElementById(hintId)?.textContent).toMatch(/^Standing straight/)

    const weight = input('Weight')
    expect(weight.hasAttribute('aria-invalid')).toBe(false)
    expect(weight.getAttribute('aria-describedby')?.split(' ')).toHaveLength(1)
    expect(screen.queryByText('Enter a number, like 76.5.')).toBeNull()
  })

  it('shows nothing for a field that is valid, even when asked', () => {
    renderForm('metric', { height: '178' }, () => true)
    expect(input('Height').hasAttribute('aria-invalid')).toBe(false)
    expect(input('Weight').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Enter your weight.')).toBeTruthy()
  })

  it('uses no inline styles and passes axe, with every message showing', async () => {
    const { container } = renderForm('imperial', { height: '12', chest: 'x' }, () => true)
    expect(container.querySelectorAll('[style], style')).toHaveLength(0)
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
    expect(results.passes.length).toBeGreaterThan(0)
  })
})
