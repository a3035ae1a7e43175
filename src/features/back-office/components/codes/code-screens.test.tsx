import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { codeKeys, type CodeDetail } from '../../api/codes.ts'
import {
  fakeApi,
  fresh,
  fromDevice,
  goOffline,
  invalid,
  renderScreen,
  seededClient,
  signIn,
} from '../test-kit.tsx'
import { CodeListScreen } from './code-list-screen.tsx'
import { CodeScreen } from './code-screen.tsx'

const spring: CodeDetail = {
  id: 'c0de0000-0000-4000-8000-000000000001',
  code: 'SPRING',
  description: 'Spring sale',
  kind: 'percent',
  value: 10,
  startsAt: null,
  expiresAt: '2027-06-01T00:00:00.000Z',
  usageLimit: 10,
  usedCount: 3,
  productFamilies: ['wingsuits'],
  productSlugs: [],
  excludesUpgrades: false,
  combinable: true,
  state: 'active',
  uses: [
    {
      orderId: '78fc985b-0000-4000-8000-000000000abc',
      number: '78FC985B',
      status: 'paid',
      submittedAt: '2026-11-19T09:00:00.000Z',
      email: 'kari@example.com',
      currency: 'USD',
      amount: 22_100,
    },
  ],
  hasMoreUses: false,
  audit: [],
}

const summer: CodeDetail = {
  ...spring,
  id: 'c0de0000-0000-4000-8000-000000000002',
  code: 'SUMMER',
  kind: 'fixed',
  value: 2_500,
  startsAt: '2027-06-01T00:00:00.000Z',
  expiresAt: null,
  usageLimit: null,
  usedCount: 0,
  state: 'scheduled',
  uses: [],
}

beforeEach(() => signIn())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })

describe('the code list', () => {
  it('shows each code with what it takes, its uses against its limit, its state and its run', async () => {
    renderScreen(
      <CodeListScreen role="admin" />,
      seededClient([[codeKeys.list(), fresh({ discountCodes: [spring, summer] })]]),
    )
    const card = (await screen.findByRole('link', { name: 'SPRING' })).closest('li')!
    expect(within(card).getByText('Active')).toBeTruthy()
    expect(within(card).getByText('10 % off')).toBeTruthy()
    expect(within(card).getByText('3 of 10 uses')).toBeTruthy()
    expect(within(card).getByText('Wingsuits')).toBeTruthy()
    const other = screen.getByRole('link', { name: 'SUMMER' }).closest('li')!
    expect(within(other).getByText('Scheduled')).toBeTruthy()
    expect(within(other).getByText('$25.00 off')).toBeTruthy()
    expect(within(other).getByText('0 uses, no limit')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'New code' }).getAttribute('href')).toBe(
      '/admin/codes/new',
    )
  })
})

describe('staff', () => {
  it('are told codes are an admin’s, and get no form and no call', async () => {
    const calls = fakeApi({ json: { discountCodes: [] } })
    renderScreen(<CodeListScreen role="staff" />)
    expect(await screen.findByText(/Only an admin can manage discount codes/)).toBeTruthy()
    cleanup()
    for (const codeId of ['new', 'SPRING']) {
      renderScreen(<CodeScreen codeId={codeId} role="staff" onCreated={() => undefined} />)
      expect(await screen.findByText(/Only an admin can manage discount codes/)).toBeTruthy()
      expect(document.querySelector('form')).toBeNull()
      expect(screen.queryByRole('button')).toBeNull()
      cleanup()
    }
    expect(calls).toHaveLength(0)
  })
})

/** The code's route: `new` until the screen says which code it made. */
function CodeRoute({ onCreated }: { onCreated: (code: string) => void }) {
  const [codeId, setCodeId] = useState('new')
  return (
    <CodeScreen
      codeId={codeId}
      role="admin"
      onCreated={(code) => {
        onCreated(code)
        setCodeId(code)
      }}
    />
  )
}

describe('a new code', () => {
  it('sends the code and its terms in the API’s names, then goes to the new code', async () => {
    const calls = fakeApi((call) =>
      call.method === 'POST' ? { json: summer } : { json: { discountCodes: [summer] } },
    )
    const onCreated = vi.fn()
    renderScreen(<CodeRoute onCreated={onCreated} />)
    await screen.findByRole('heading', { level: 1, name: 'New discount code' })

    type('Code', 'summer')
    type('Description', 'Summer sale')
    fireEvent.click(screen.getByLabelText('An amount off (USD)'))
    type('Amount off (USD)', '25')
    type('Uses allowed (optional)', '1')
    type('Starts (optional)', '2027-06-01T09:00')
    fireEvent.click(screen.getByLabelText('Tracking suits'))
    type('For these products (optional)', 'corvid-2, aura-3\ncorvid-2')
    fireEvent.click(screen.getByLabelText('Off the item itself only, not its upgrades'))
    fireEvent.click(screen.getByRole('button', { name: 'Create the code' }))

    const created = await screen.findByText('The code SUMMER is created.')
    expect(onCreated).toHaveBeenCalledWith('SUMMER')
    expect(screen.getByRole('heading', { level: 1, name: 'Discount code SUMMER' })).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(created))
    const posts = calls.filter((call) => call.method === 'POST')
    expect(posts).toHaveLength(1)
    expect(posts[0]).toMatchObject({ path: '/api/admin/discount-codes' })
    expect(posts[0]!.body).toEqual({
      code: 'SUMMER',
      description: 'Summer sale',
      kind: 'fixed',
      value: 2_500,
      starts_at: new Date('2027-06-01T09:00').toISOString(),
      expires_at: null,
      usage_limit: 1,
      product_families: ['trackingsuits'],
      product_slugs: ['corvid-2', 'aura-3'],
      excludes_upgrades: true,
      combinable: true,
    })
  })

  it('shows each of the shop’s 422 messages under its field, with a summary that takes focus', async () => {
    fakeApi(
      invalid({
        code: ['“SPRING” already exists.'],
        expires_at: ['expires_at is after starts_at.'],
        product_slugs: ['No such product: nope.'],
      }),
    )
    const onCreated = vi.fn()
    renderScreen(<CodeScreen codeId="new" role="admin" onCreated={onCreated} />)
    await screen.findByRole('heading', { level: 1 })
    type('Code', 'SPRING')
    type('Description', 'Again')
    type('Percent off (1 to 100)', '10')
    fireEvent.click(screen.getByRole('button', { name: 'Create the code' }))

    const codeMessage = await screen.findByText('“SPRING” already exists.', { selector: 'p' })
    expect(codeMessage.id).toBe('code-form-code-error')
    expect(field('Code').getAttribute('aria-invalid')).toBe('true')
    expect(field('Code').getAttribute('aria-describedby')).toContain('code-form-code-error')
    expect(document.getElementById('code-form-expiresAt-error')?.textContent).toBe(
      'expires_at is after starts_at.',
    )
    expect(document.getElementById('code-form-productSlugs-error')?.textContent).toBe(
      'No such product: nope.',
    )
    const summary = document.querySelector('.error-summary')!
    expect(summary.getAttribute('role')).toBe('alert')
    expect(within(summary as HTMLElement).getAllByRole('link')).toHaveLength(3)
    await waitFor(() => expect(document.activeElement).toBe(summary))
    expect(onCreated).not.toHaveBeenCalled()
  })

  it('says what it could not read, and sends nothing', async () => {
    const calls = fakeApi({ json: spring })
    renderScreen(<CodeScreen codeId="new" role="admin" onCreated={() => undefined} />)
    await screen.findByRole('heading', { level: 1 })
    type('Code', 'X1')
    type('Description', 'Bad')
    type('Percent off (1 to 100)', 'ten')
    fireEvent.click(screen.getByRole('button', { name: 'Create the code' }))
    expect(
      await screen.findByText('Type the percent taken off as a whole number, 1 to 100.', {
        selector: 'p',
      }),
    ).toBeTruthy()
    expect(calls).toHaveLength(0)
  })
})

function renderCode(read = fresh(spring)) {
  return renderScreen(
    <CodeScreen codeId="SPRING" role="admin" onCreated={() => undefined} />,
    seededClient([
      [codeKeys.detail('SPRING'), read],
      [codeKeys.list(), fresh({ discountCodes: [spring] })],
    ]),
  )
}

describe('a code’s page', () => {
  it('shows its uses, each linking to its order', async () => {
    renderCode()
    const table = await screen.findByRole('table', { name: /Orders that used SPRING/ })
    expect(within(table).getByRole('link', { name: '#78FC985B' }).getAttribute('href')).toBe(
      '/admin/orders/78fc985b-0000-4000-8000-000000000abc',
    )
    expect(within(table).getByText('$221.00')).toBeTruthy()
  })

  it('shows older uses a page at a time, each once, and says when all are shown', async () => {
    const use = (n: number) => ({
      ...spring.uses[0]!,
      orderId: `78fc985b-0000-4000-8000-${String(n).padStart(12, '0')}`,
      number: `ORDER${String(n).padStart(3, '0')}`,
    })
    const newest = Array.from({ length: 50 }, (_, i) => use(i + 1))
    // Page 2 starts with the 50th of the first page again: one order came in meanwhile.
    const pages: Record<string, object> = {
      '2': {
        uses: [use(50), ...Array.from({ length: 49 }, (_, i) => use(i + 51))],
        page: 2,
        perPage: 50,
        totalCount: 121,
        hasMore: true,
      },
      '3': {
        uses: Array.from({ length: 21 }, (_, i) => use(i + 100)),
        page: 3,
        perPage: 50,
        totalCount: 121,
        hasMore: false,
      },
    }
    const calls = fakeApi((call) => ({ json: pages[call.search.get('page')!] }))
    renderCode(fresh({ ...spring, uses: newest, hasMoreUses: true }))
    const table = await screen.findByRole('table', { name: /Orders that used SPRING/ })
    // Counted by markup: role queries over 120 rows are slow in jsdom.
    const rows = () => table.querySelectorAll('tbody tr').length
    expect(rows()).toBe(50)
    const shown = (text: string) =>
      expect(screen.getByText(text).getAttribute('role')).toBe('status')
    shown('The newest 50 uses are shown.')

    fireEvent.click(screen.getByRole('button', { name: 'Show 50 older uses' }))
    await waitFor(() => expect(rows()).toBe(99))
    shown('The newest 99 uses are shown.')
    fireEvent.click(screen.getByRole('button', { name: 'Show 50 older uses' }))
    await waitFor(() => expect(rows()).toBe(120))
    shown('All 120 uses are shown.')
    expect(screen.queryByRole('button', { name: 'Show 50 older uses' })).toBeNull()
    expect(within(table).getAllByText('#ORDER050')).toHaveLength(1)
    expect(
      calls.map((call) => [call.path, call.search.get('page'), call.search.get('per_page')]),
    ).toEqual([
      ['/api/admin/discount-codes/SPRING/uses', '2', '50'],
      ['/api/admin/discount-codes/SPRING/uses', '3', '50'],
    ])
  })

  it('says when older uses could not be read, and keeps what it shows', async () => {
    fakeApi('no answer')
    renderCode(fresh({ ...spring, hasMoreUses: true }))
    fireEvent.click(await screen.findByRole('button', { name: 'Show 50 older uses' }))
    const failed = await screen.findByText(
      'The older uses could not be read: the shop did not answer. Try again.',
    )
    expect(failed.getAttribute('role')).toBe('alert')
    expect(screen.getByRole('link', { name: '#78FC985B' })).toBeTruthy()
  })

  it('sends only what changed', async () => {
    const calls = fakeApi((call) =>
      call.method === 'POST'
        ? { json: { ...spring, usageLimit: 20 } }
        : { json: { discountCodes: [] } },
    )
    renderCode()
    await screen.findByRole('heading', { level: 1, name: 'Discount code SPRING' })
    expect(screen.queryByLabelText('Code')).toBeNull()
    type('Uses allowed (optional)', '20')
    fireEvent.click(screen.getByRole('button', { name: 'Save the changes' }))
    const saved = await screen.findByText('The changes are saved.')
    const posts = calls.filter((call) => call.method === 'POST')
    expect(posts).toEqual([
      expect.objectContaining({
        path: '/api/admin/discount-codes/SPRING',
        body: { usage_limit: 20 },
      }),
    ])
    await waitFor(() => expect(document.activeElement).toBe(saved))
    expect(field('Uses allowed (optional)').value).toBe('20')
  })

  it('ends the code only once the dialog is confirmed', async () => {
    const ended = { ...spring, state: 'expired' as const, expiresAt: '2026-11-30T12:00:00.000Z' }
    const calls = fakeApi((call) =>
      call.method === 'POST' ? { json: ended } : { json: { discountCodes: [ended] } },
    )
    renderCode()
    fireEvent.click(await screen.findByRole('button', { name: 'End the code…' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog.textContent).toMatch(/no cart can add SPRING \(10 % off\)/)
    expect(dialog.textContent).toMatch(/3 orders used it; they keep what it took off/)
    expect(calls).toHaveLength(0)
    fireEvent.click(within(dialog).getByRole('button', { name: 'End the code' }))

    const done = await screen.findByText('The code SPRING has ended.')
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/api/admin/discount-codes/SPRING/end' }),
    ])
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(done))
    expect(screen.getByRole('heading', { name: 'Now: Ended' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'End the code…' })).toBeNull()
  })

  it('offline, shows the kept copy as of when, and its actions need the network', async () => {
    const calls = fakeApi('no answer')
    goOffline()
    renderCode(fromDevice(spring))
    expect((await screen.findByText(/as of/)).closest('p')?.textContent).toMatch(/^Offline: as of/)
    for (const name of ['End the code…', 'Save the changes']) {
      const button = screen.getByRole('button', { name }) as HTMLButtonElement
      expect(button.disabled, name).toBe(true)
      expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
        'Needs the network',
      )
    }
    expect(calls).toHaveLength(0)
  })
})
