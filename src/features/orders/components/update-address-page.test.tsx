import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { orderQuery, type OrderView } from '../api.ts'
import { UpdateAddressPage } from './update-address-page.tsx'

afterEach(cleanup)

const id = '3f2c9a10-5b7e-4c1d-9a8e-0c4b2d6e8f10'

/** A submitted order as get-submitted-order answers it (camelCase), with only what the page reads. */
const order = {
  id,
  status: 'paid',
  canChangeAddress: true,
  shipping: {
    option: null,
    address: {
      name: 'Dana Flyer',
      line1: '1200 Skydive Lane',
      line2: null,
      city: 'Eloy',
      region: 'AZ',
      postalCode: '85131',
      country: 'US',
      phone: null,
    },
  },
} as unknown as OrderView

/** The page with the order already read, as the route's loader leaves it. */
function renderPage() {
  // The router restores the scroll on each navigation; jsdom has no scrolling.
  vi.stubGlobal('scrollTo', vi.fn())
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  })
  client.setQueryData(orderQuery(id).queryKey, { data: order, savedAt: 0, fromDevice: false })
  const rootRoute = createRootRoute({ component: () => <UpdateAddressPage id={id} /> })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [`/update-shipping-address/${id}`] }),
  })
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

/** The shop's answers to save-shipping-address, in turn; what was sent is kept. */
function serve(...answers: { status: number; body: unknown }[]) {
  const sent: unknown[] = []
  const fetch = vi.fn(async (request: Request) => {
    sent.push(await request.json())
    const answer = answers.shift() ?? { status: 500, body: {} }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetch)
  return sent
}

/** The page's form, once the order is on screen. */
const form = async () =>
  (await screen.findByRole('button', { name: 'Save the address' })).closest('form')!

// A first render loads the router and the form's modules: slow on a busy two-core machine.
describe('a submitted order’s new address', { timeout: 15_000 }, () => {
  it('asks in the fields the checkout’s address step asks in, starting from the order’s address', async () => {
    renderPage()
    const fields = [
      ...(await form()).querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select'),
    ]
    // The same table stands in features/checkout/components/address-step.test.tsx.
    expect(
      fields.map((control) => [
        control.labels?.[0]?.textContent,
        control.tagName.toLowerCase(),
        control.getAttribute('autocomplete'),
      ]),
    ).toEqual([
      ['Full name of the person receiving the parcel', 'input', 'shipping name'],
      ['Street address', 'input', 'shipping address-line1'],
      ['Apartment, suite, building (optional)', 'input', 'shipping address-line2'],
      ['City or town', 'input', 'shipping address-level2'],
      ['State, province or region', 'input', 'shipping address-level1'],
      ['Postal code', 'input', 'shipping postal-code'],
      ['Country', 'select', 'shipping country'],
      ['Phone, for the carrier (optional)', 'input', 'shipping tel'],
    ])
    expect(fields.map((control) => control.value)).toEqual([
      'Dana Flyer',
      '1200 Skydive Lane',
      '',
      'Eloy',
      'AZ',
      '85131',
      'US',
      '',
    ])
  })

  it('takes the country chosen by its name, and sends its ISO code', async () => {
    const sent = serve({ status: 200, body: order })
    renderPage()
    const country = within(await form()).getByRole('combobox', { name: 'Country' })
    expect(within(country).getByRole('option', { selected: true }).textContent).toBe(
      'United States',
    )
    const norway = within(country).getByRole('option', { name: 'Norway' })
    fireEvent.change(country, { target: { value: (norway as HTMLOptionElement).value } })
    fireEvent.change(screen.getByLabelText(/^Street address/), {
      target: { value: 'Lufthavnveien 12' },
    })
    fireEvent.change(screen.getByLabelText(/^City or town/), { target: { value: 'Voss' } })
    fireEvent.change(screen.getByLabelText(/^State, province or region/), {
      target: { value: '' },
    })
    fireEvent.change(screen.getByLabelText(/^Postal code/), { target: { value: '5700' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save the address' }))

    // The answer is kept on the device too (IndexedDB), which may take a moment here.
    expect(await screen.findByText(/goes to the new address/, {}, { timeout: 5000 })).toBeTruthy()
    expect(sent).toEqual([
      {
        address: {
          name: 'Dana Flyer',
          line1: 'Lufthavnveien 12',
          line2: '',
          city: 'Voss',
          region: '',
          postal_code: '5700',
          country: 'NO',
          phone: '',
        },
      },
    ])
  })

  it('says a refusal at the top of the form, focused, and each message beside its field', async () => {
    serve({
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { 'address.postal_code': ['“ABC” is not a postal code in United States.'] },
      },
    })
    renderPage()
    const fields = await form()
    const postal = within(fields).getByLabelText(/^Postal code/)
    fireEvent.change(postal, { target: { value: 'ABC' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save the address' }))

    const summary = await screen.findByRole('alert')
    await waitFor(() => expect(summary.textContent).toMatch(/^Check the fields marked below\./))
    // Above the fields, and where focus went.
    const firstField = within(fields).getAllByRole('textbox')[0]!
    expect(
      summary.compareDocumentPosition(firstField) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(summary))
    // It leads to the field, whose own message stands beside it.
    const link = within(summary).getByRole('link', { name: 'Postal code' })
    expect(link.getAttribute('href')).toBe(`#${postal.id}`)
    expect(postal.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(`${postal.id}-error`)?.textContent).toBe(
      '“ABC” is not a postal code in United States.',
    )
    expect(postal.getAttribute('aria-describedby')).toContain(`${postal.id}-error`)
    fireEvent.click(link)
    expect(document.activeElement).toBe(postal)
  })

  it('needs the state for the US, as the server does, and marks it optional elsewhere', async () => {
    const sent = serve()
    renderPage()
    const fields = await form()
    const region = within(fields).getByLabelText<HTMLInputElement>(/^State, province or region/)
    expect(region.labels?.[0]?.textContent).toBe('State, province or region')
    expect(region.getAttribute('aria-required')).toBe('true')
    fireEvent.change(region, { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save the address' }))

    const summary = await screen.findByRole('alert')
    await waitFor(() => expect(document.activeElement).toBe(summary))
    expect(document.getElementById(`${region.id}-error`)?.textContent).toBe(
      'Enter the state, province or region: the post in United States needs it.',
    )
    expect(sent).toEqual([])

    fireEvent.change(within(fields).getByRole('combobox', { name: 'Country' }), {
      target: { value: 'DE' },
    })
    expect(region.labels?.[0]?.textContent).toBe('State, province or region (optional)')
    expect(region.getAttribute('aria-required')).toBeNull()
  })
})
