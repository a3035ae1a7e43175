import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { emptyAddress, type AddressDraft } from '../model.ts'
import { AddressStep, type SavedAddress } from './address-step.tsx'

afterEach(cleanup)

const home: SavedAddress = {
  id: 'a-home',
  name: 'Dana Flyer',
  line1: '1200 Skydive Lane',
  line2: null,
  city: 'Eloy',
  region: 'AZ',
  postalCode: '85131',
  country: 'US',
  phone: null,
  isDefault: true,
}

const dropzone: SavedAddress = {
  ...home,
  id: 'a-dz',
  line1: 'Flugplatz 1',
  city: 'Gera',
  region: null,
  postalCode: '07551',
  country: 'DE',
  isDefault: false,
}

/** The step as the checkout holds it: the address is the screen's, changed through the step. */
function renderStep({
  address = emptyAddress,
  savedAddresses,
}: { address?: AddressDraft; savedAddresses?: SavedAddress[] } = {}) {
  const onSaved = vi.fn(async () => {})
  function Screen() {
    const [typed, setTyped] = useState(address)
    return (
      <AddressStep
        orderId={null}
        address={typed}
        onAddressChange={setTyped}
        saveToAccount={false}
        onSaveToAccountChange={() => {}}
        savedAddresses={savedAddresses}
        online
        onSaved={onSaved}
      />
    )
  }
  render(<Screen />)
  return { onSaved, form: screen.getByRole('group', { name: 'Shipping address' }) }
}

/** Each control of the form: its label, its kind, its autocomplete token, in order. */
function fieldsOf(form: HTMLElement) {
  return [...form.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')].map(
    (control) => [
      control.labels?.[0]?.textContent,
      control.tagName.toLowerCase(),
      control.getAttribute('autocomplete'),
    ],
  )
}

/**
 * The shipping address form as the checkout and a submitted order's new address both show it
 * (the same table stands in features/orders/components/update-address-page.test.tsx).
 */
const sharedAddressForm = [
  ['Full name of the person receiving the parcel', 'input', 'shipping name'],
  ['Street address', 'input', 'shipping address-line1'],
  ['Apartment, suite, building (optional)', 'input', 'shipping address-line2'],
  ['City or town', 'input', 'shipping address-level2'],
  ['State, province or region', 'input', 'shipping address-level1'],
  ['Postal code', 'input', 'shipping postal-code'],
  ['Country', 'select', 'shipping country'],
  ['Phone, for the carrier (optional)', 'input', 'shipping tel'],
]

// A first render loads the form's modules: slow on a busy two-core machine.
describe('the checkout’s address step', { timeout: 15_000 }, () => {
  it('asks for the address in the fields the order’s new-address page asks in', () => {
    const { form } = renderStep({ address: addressOf(home) })
    expect(fieldsOf(form)).toEqual(sharedAddressForm)
  })

  it('marks the state optional or not by the country, as the server checks it', async () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    const { form } = renderStep()
    const region = () => within(form).getByLabelText<HTMLInputElement>(/^State, province or region/)
    // No country yet: where it is needed is said beside it.
    expect(region().getAttribute('aria-required')).toBeNull()
    expect(document.getElementById(region().getAttribute('aria-describedby')!)?.textContent).toBe(
      'Needed for Australia, Brazil, Canada, Japan, Mexico, and United States.',
    )
    fireEvent.change(within(form).getByRole('combobox', { name: 'Country' }), {
      target: { value: 'DE' },
    })
    expect(region().labels?.[0]?.textContent).toBe('State, province or region (optional)')
    fireEvent.change(within(form).getByRole('combobox', { name: 'Country' }), {
      target: { value: 'US' },
    })
    expect(region().labels?.[0]?.textContent).toBe('State, province or region')
    expect(region().getAttribute('aria-required')).toBe('true')

    // Left empty for the US: said before anything is sent, beside the field, which takes focus.
    const fill = (label: RegExp, value: string) =>
      fireEvent.change(within(form).getByLabelText(label), { target: { value } })
    fill(/^Full name/, 'Dana Flyer')
    fill(/^Street address/, '1200 Skydive Lane')
    fill(/^City or town/, 'Eloy')
    fill(/^Postal code/, '85131')
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(region().getAttribute('aria-invalid')).toBe('true')
    expect(region().getAttribute('aria-describedby')).toContain(`${region().id}-error`)
    expect(document.getElementById(`${region().id}-error`)?.textContent).toBe(
      'Enter the state, province or region: the post in United States needs it.',
    )
    expect(document.activeElement).toBe(region())
    expect(fetch).not.toHaveBeenCalled()
  })

  it('shows a saved address chosen as chosen, in view, and leads on from it', () => {
    renderStep({ address: addressOf(home), savedAddresses: [home, dropzone] })
    const saved = screen.getByRole('region', { name: 'Your saved addresses' })
    const useDropzone = within(saved).getByRole('button', { name: /Flugplatz 1/ })
    expect(useDropzone.getAttribute('aria-pressed')).toBe('false')

    fireEvent.click(useDropzone)

    expect(useDropzone.getAttribute('aria-pressed')).toBe('true')
    expect(within(useDropzone.closest('li')!).getByText('Chosen')).toBeTruthy()
    const useHome = within(saved).getByRole('button', { name: /1200 Skydive Lane/ })
    expect(useHome.getAttribute('aria-pressed')).toBe('false')
    // Said where it was chosen, not only in the form below the fold.
    expect(within(saved).getByRole('status').textContent).toBe(
      'Shipping to Dana Flyer, Flugplatz 1, Gera 07551, DE. It is filled in below, to change there if you need to.',
    )
    // Focus goes to the way on: sending this address, right beside it.
    const shipHere = within(saved).getByRole('button', { name: 'Ship to this address' })
    expect(document.activeElement).toBe(shipHere)
    expect(shipHere.getAttribute('type')).toBe('submit')
    expect(screen.getByLabelText(/^Street address/)).toHaveProperty('value', 'Flugplatz 1')
  })

  it('starts from the account’s default address instead of asking for it again', async () => {
    const sent: unknown[] = []
    const fetch = vi.fn(async (request: Request) => {
      sent.push(await request.json())
      return new Response(JSON.stringify({ id: 'cart-1' }), {
        headers: { 'Content-Type': 'application/json' },
      })
    })
    vi.stubGlobal('fetch', fetch)
    const { onSaved } = renderStep({ savedAddresses: [dropzone, home] })
    expect(screen.getByLabelText(/^Street address/)).toHaveProperty('value', '1200 Skydive Lane')
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveProperty('value', 'US')
    const saved = screen.getByRole('region', { name: 'Your saved addresses' })
    expect(within(saved).getByRole('status').textContent).toMatch(/^Shipping to Dana Flyer/)
    // It is saved already: the form does not offer to save it again.
    expect(screen.queryByLabelText('Save this address to my account')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(sent).toEqual([{ address: { ...addressOf(home), line2: null, phone: null } }])
  })
})

function addressOf(saved: SavedAddress): AddressDraft {
  return {
    name: saved.name,
    line1: saved.line1,
    line2: saved.line2 ?? '',
    city: saved.city,
    region: saved.region ?? '',
    postal_code: saved.postalCode,
    country: saved.country,
    phone: saved.phone ?? '',
  }
}
