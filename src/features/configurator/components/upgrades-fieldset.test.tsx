import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { createDraft, reduceDraft, type DraftContext, type OrderDraft } from '../model.ts'
import { testContext } from '../test-context.ts'
import { ColoursFieldset } from './colours-fieldset.tsx'
import type { ContentType } from './overlay-content.ts'
import { ContentModal, WarningOverlay, type Warning } from './overlays.tsx'
import { UpgradesFieldset } from './upgrades-fieldset.tsx'

afterEach(cleanup)

/** The upgrades and colours on a live draft, with the overlays they open. */
function Harness({ context }: { context: DraftContext }) {
  const [draft, setDraft] = useState<OrderDraft>(() => createDraft(context))
  const [info, setInfo] = useState<ContentType | null>(null)
  const [warning, setWarning] = useState<Warning | null>(null)
  const dispatch = (action: Parameters<typeof reduceDraft>[1]) =>
    setDraft((current) => reduceDraft(current, action, context))
  const section = { draft, context, dispatch }
  return (
    <form>
      <ColoursFieldset {...section} activeRegion="body" onActiveRegionChange={() => {}} />
      <UpgradesFieldset {...section} onInfo={setInfo} ask={setWarning} />
      <ContentModal contentType={info} onClose={() => setInfo(null)} />
      <WarningOverlay warning={warning} onClose={() => setWarning(null)} />
      <output data-testid="total">{draft.order.total_price}</output>
    </form>
  )
}

function renderUpgrades(context = testContext()) {
  render(<Harness context={context} />)
  return screen.getByRole('group', { name: 'Upgrades' })
}

const checkbox = (group: HTMLElement, name: RegExp) => within(group).getByRole('checkbox', { name })

describe('the upgrades list', () => {
  it('offers every upgrade of the product as one list, each with its price', () => {
    const group = renderUpgrades()
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toMatchInlineSnapshot(`
        [
          "Super custom +$350.00",
          "Super duper custom +$900.00",
          "Cloud lite +$150.00",
          "Asymmetric +$200.00Colour the left and right sides apart.",
        ]
      `)
  })

  it('leaves out what the product does not offer, and itself when nothing is offered', () => {
    const base = testContext()
    const none = testContext({
      configurator: {
        ...base.product.configurator,
        superCustom: null,
        superDuperCustom: null,
        cloudLite: null,
        superAsym: null,
      },
    })
    render(<Harness context={none} />)
    expect(screen.queryByRole('group', { name: 'Upgrades' })).toBeNull()
  })

  it('explains each upgrade in its own overlay', () => {
    const group = renderUpgrades()
    for (const [button, title] of [
      ['What is super custom?', 'Super custom'],
      ['What is super duper custom?', 'Super duper custom'],
      ['About the fabrics', 'Cloud lite fabrics'],
    ] as const) {
      fireEvent.click(within(group).getByRole('button', { name: button }))
      const dialog = screen.getByRole('dialog', { name: title })
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
      expect(screen.queryByRole('dialog')).toBeNull()
    }
  })

  it('asks for a cloud lite fabric once chosen, and prices the upgrade', () => {
    const group = renderUpgrades()
    const before = Number(screen.getByTestId('total').textContent)
    expect(within(group).queryByRole('combobox', { name: 'Fabric' })).toBeNull()
    fireEvent.click(checkbox(group, /^Cloud lite/))
    const fabric = within(group).getByRole('combobox', { name: 'Fabric' })
    expect(fabric).toHaveProperty('value', 'cl-white')
    fireEvent.change(fabric, { target: { value: 'cl-smoke' } })
    expect(fabric).toHaveProperty('value', 'cl-smoke')
    expect(Number(screen.getByTestId('total').textContent)).toBe(before + 15000)
    fireEvent.click(checkbox(group, /^Cloud lite/))
    expect(within(group).queryByRole('combobox', { name: 'Fabric' })).toBeNull()
  })

  it('opens the designer for a custom design, and removes the design after asking', () => {
    const group = renderUpgrades()
    fireEvent.click(checkbox(group, /^Super custom/))
    fireEvent.click(within(group).getByRole('button', { name: 'Open the designer' }))
    const designer = screen.getByRole('dialog', { name: 'Super custom designer' })
    expect(within(designer).getByRole('img', { name: /with your pattern/ })).toBeTruthy()
    fireEvent.click(within(designer).getByRole('button', { name: 'Close' }))

    // The two custom designs exclude each other; the designer goes with the one chosen.
    fireEvent.click(checkbox(group, /^Super duper custom/))
    expect(checkbox(group, /^Super custom/)).toHaveProperty('checked', false)
    expect(within(group).getAllByRole('button', { name: 'Open the designer' })).toHaveLength(1)

    fireEvent.click(within(group).getByRole('button', { name: 'Remove the custom design' }))
    const ask = screen.getByRole('alertdialog', { name: 'Remove the custom design?' })
    fireEvent.click(within(ask).getByRole('button', { name: 'Remove the custom design' }))
    expect(checkbox(group, /^Super duper custom/)).toHaveProperty('checked', false)
    expect(within(group).queryByRole('button', { name: 'Open the designer' })).toBeNull()
  })

  it('lets an asymmetric design colour a side, starting again at both sides each time', () => {
    const group = renderUpgrades()
    const side = (name: string) =>
      within(screen.getByRole('radiogroup', { name: 'Side to colour' })).getByRole('radio', {
        name,
      })
    const red = () =>
      within(screen.getByRole('radiogroup', { name: 'Colour of the body' })).getByRole('radio', {
        name: /Signal red/,
      })
    expect(screen.queryByRole('radiogroup', { name: 'Side to colour' })).toBeNull()
    fireEvent.click(checkbox(group, /^Asymmetric/))
    fireEvent.click(side('Left side'))
    fireEvent.click(red())
    fireEvent.click(side('Right side'))
    expect(red()).toHaveProperty('checked', false)
    fireEvent.click(side('Left side'))
    expect(red()).toHaveProperty('checked', true)

    fireEvent.click(checkbox(group, /^Asymmetric/))
    expect(screen.queryByRole('radiogroup', { name: 'Side to colour' })).toBeNull()
    fireEvent.click(checkbox(group, /^Asymmetric/))
    expect(side('Both sides')).toHaveProperty('checked', true)
  })
})
