import { describe, expect, it } from 'vitest'
import { formatMoney } from '../../contract/money.ts'
import { addressLines } from './format.ts'
import {
  loginLinkMail,
  MailedOrderStatus,
  orderAddressChangedMail,
  orderItemsAddedMail,
  orderStatusMail,
  orderSubmittedMail,
  passwordResetMail,
  paymentReceivedMail,
  testStoreMailNotice,
  type OrderMailData,
} from './templates.ts'

const site = { siteUrl: 'https://shop.example' }

const order: OrderMailData = {
  id: '7d3c2a9e-1b4f-4c8e-9a51-2f0c6d8e4b17',
  email: 'pilot@example.com',
  lines: [
    {
      id: 'line-suit',
      name: 'Corvid 2, size M',
      details: [
        'Size: M',
        'Colours: Torso Jet black, Wings Blaze orange',
        'Options: Cutaway cables',
      ],
      availability:
        'Made to order: 8–10 weeks, ready between January 19, 2027 and February 2, 2027.',
      qty: 1,
      unitAmount: 189_000,
    },
    {
      id: 'line-logbook',
      name: 'Logbook',
      details: [],
      availability: 'In stock: ships in 2 working days.',
      qty: 2,
      unitAmount: 1_250,
    },
  ],
  total: 193_000,
  paid: 0,
  balance: 193_000,
  currency: 'USD',
  shippingAddress: {
    name: 'Ann Pilot',
    line1: '1 Runway Road',
    line2: 'Hangar 4',
    city: 'Eloy',
    region: 'AZ',
    postal_code: '85131',
    country: 'US',
    phone: null,
  },
  paymentCode: 'pay-Code_123',
}

/** A change that left shipping (Priority, 37.50) and the total as they were. */
const unchanged = { shippingBefore: 3_750, shippingAfter: 3_750, totalBefore: order.total }

/** The visible text of an HTML body: tags dropped, the entities the templates write decoded. */
function visible(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

describe('money and addresses', () => {
  it('formats integer minor units in the currency’s own minor unit', () => {
    expect(formatMoney(189_000, 'USD')).toBe('$1,890.00')
    expect(formatMoney(1_250, 'EUR')).toBe('€12.50')
    expect(formatMoney(5, 'GBP')).toBe('£0.05')
    expect(formatMoney(1_890, 'JPY')).toBe('¥1,890')
    expect(formatMoney(0, 'USD')).toBe('$0.00')
  })

  it('prints an address as its country’s labels do', () => {
    expect(addressLines(order.shippingAddress!)).toEqual([
      'Ann Pilot',
      '1 Runway Road',
      'Hangar 4',
      'Eloy, AZ 85131',
      'United States',
    ])
    expect(
      addressLines({
        ...order.shippingAddress!,
        line2: null,
        city: 'Berlin',
        region: null,
        postal_code: '10115',
        country: 'DE',
      }),
    ).toEqual(['Ann Pilot', '1 Runway Road', '10115 Berlin', 'Germany'])
  })
})

describe('every mail', () => {
  const all = [
    passwordResetMail(site, { to: 'a@example.com', token: 'TOKEN', dedupeKey: 'k1' }),
    loginLinkMail(site, { to: 'a@example.com', token: 'TOKEN', dedupeKey: 'k2' }),
    orderSubmittedMail(site, { order, paymentDueToday: true }),
    paymentReceivedMail(site, { order, paymentId: 'p1', amount: 1_000 }),
    ...MailedOrderStatus.map((status) => orderStatusMail(site, { order, status })),
    orderItemsAddedMail(site, { order, added: order.lines.slice(1), change: unchanged }),
    orderAddressChangedMail(site, { order, change: unchanged, dedupeKey: 'k3' }),
  ]

  it('has a text and an HTML body in the shop’s plain layout: language, title, one heading', () => {
    for (const mail of all) {
      expect(mail.text.endsWith('\n'), mail.kind).toBe(true)
      expect(mail.text, mail.kind).toContain('Glidecraft · https://shop.example')
      expect(mail.html, mail.kind).toMatch(/^<!doctype html>\n<html lang="en" dir="ltr">/)
      expect(mail.html, mail.kind).toContain(`<title>${mail.subject}</title>`)
      expect(mail.html.match(/<h1[ >]/g), mail.kind).toHaveLength(1)
      expect(mail.html, mail.kind).toContain('role="article"')
      // No script, no external resources: nothing a mail client blocks or a reader waits for.
      expect(mail.html, mail.kind).not.toMatch(/<script|<img|<link|src=/)
      expect(mail.subject, mail.kind).toContain('Glidecraft')
    }
  })

  it('escapes what it is given in HTML and writes it as it is in text', () => {
    const named = {
      ...order,
      lines: [
        {
          id: 'line-1',
          name: '<script>alert("x")</script> & co',
          details: ['Colour: <i>red</i>'],
          availability: 'In stock: ships in 2 working days.',
          qty: 1,
          unitAmount: 100,
        },
      ],
      shippingAddress: { ...order.shippingAddress!, name: '<b>Ann</b>' },
    }
    const mail = orderSubmittedMail(site, { order: named, paymentDueToday: false })
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).not.toContain('<b>Ann</b>')
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co')
    expect(mail.text).toContain('<script>alert("x")</script> & co: 1 × $1.00 = $1.00')
    expect(mail.html).toContain('Colour: &lt;i&gt;red&lt;/i&gt;')
    expect(mail.text).toContain('  Colour: <i>red</i>\n')
    expect(mail.text).toContain('  <b>Ann</b>\n')
  })
})

describe('account mails', () => {
  it('carries the reset link, valid an hour, in both bodies', () => {
    const mail = passwordResetMail(site, { to: 'a@example.com', token: 'TOK_en-1', dedupeKey: 'k' })
    const link = 'https://shop.example/PasswordResets/newpassword/TOK_en-1'
    expect(mail).toMatchObject({ kind: 'password-reset', to: 'a@example.com', dedupeKey: 'k' })
    expect(mail.subject).toBe('Set your Glidecraft password')
    expect(mail.text).toContain(`within the hour:\n${link}\n`)
    expect(mail.html).toContain(`<a href="${link}"`)
    expect(visible(mail.html)).toContain('Choose a new password')
  })

  it('welcomes a new account with its sign-in link', () => {
    const mail = loginLinkMail(site, {
      to: 'a@example.com',
      token: 'T1',
      dedupeKey: 'k',
      welcome: true,
    })
    expect(mail.kind).toBe('welcome')
    expect(mail.subject).toBe('Your Glidecraft sign-in link')
    expect(mail.text).toMatch(/^Welcome to Glidecraft: your account is ready\./)
    expect(mail.text).toContain('within 15 minutes:\nhttps://shop.example/LoginFromAdmin/T1\n')
    expect(loginLinkMail(site, { to: 'a', token: 'T1', dedupeKey: 'k' }).text).toMatch(
      /^Here is your link to sign in to Glidecraft\./,
    )
  })
})

describe('order mails', () => {
  it('confirms a pay-now order with the payment due and its payment link', () => {
    const mail = orderSubmittedMail(site, { order, paymentDueToday: true })
    expect(mail).toMatchObject({
      kind: 'order-submitted',
      to: 'pilot@example.com',
      dedupeKey: `order-submitted:${order.id}`,
      subject: 'Your Glidecraft order is submitted',
    })
    const link = 'https://shop.example/checkout/pay-Code_123'
    // The order by the one number the screens show, not its whole id.
    expect(mail.text).toContain('Order 7D3C2A9E\n')
    expect(visible(mail.html)).toContain('Order 7D3C2A9E')
    expect(mail.text).not.toContain('Order 7d3c2a9e')
    expect(mail.text).toContain('Payment due: $1,930.00.')
    expect(mail.text).toContain(`Pay here:\n${link}\n`)
    expect(mail.html).toContain(`<a href="${link}"`)
    expect(visible(mail.html)).toContain('Pay $1,930.00')
    expect(mail.text).toContain(
      '- Corvid 2, size M: 1 × $1,890.00 = $1,890.00\n' +
        '  Size: M\n' +
        '  Colours: Torso Jet black, Wings Blaze orange\n' +
        '  Options: Cutaway cables\n' +
        '  Made to order: 8–10 weeks, ready between January 19, 2027 and February 2, 2027.\n' +
        '- Logbook: 2 × $12.50 = $25.00\n' +
        '  In stock: ships in 2 working days.\n',
    )
    // Each item says when it ships, in the product page's words (contract/availability.ts).
    expect(visible(mail.html)).toContain(
      'Corvid 2, size M Size: M Colours: Torso Jet black, Wings Blaze orange Options: Cutaway cables Made to order: 8–10 weeks, ready between January 19, 2027 and February 2, 2027. 1 $1,890.00',
    )
    expect(mail.text).toContain('Total (shipping and discounts included): $1,930.00')
    expect(mail.text).toContain('Shipping to:\n  Ann Pilot\n  1 Runway Road\n')
    expect(mail.text).toContain(`See your order: https://shop.example/orders/${order.id}`)
    expect(mail.text).not.toContain('No payment is due today')
  })

  it('confirms a made-to-order order with no payment due today, and the link to pay early', () => {
    const mail = orderSubmittedMail(site, { order, paymentDueToday: false, madeToOrder: true })
    const link = 'https://shop.example/checkout/pay-Code_123'
    expect(mail.text).toContain(
      'We have your made-to-order order. No payment is due today. We start making it and let ' +
        'you know when the balance of $1,930.00 is due. You can also pay it at any time here:\n' +
        `${link}\n`,
    )
    expect(visible(mail.html)).toContain('No payment is due today.')
    expect(mail.html).toContain(`<a href="${link}"`)
    expect(visible(mail.html)).toContain('Pay $1,930.00')
    expect(mail.text).not.toContain('Payment due')
  })

  it('says an order with nothing to pay is paid in full, with no payment link', () => {
    const free = { ...order, total: 0, balance: 0 }
    const suit = orderSubmittedMail(site, {
      order: free,
      paymentDueToday: false,
      madeToOrder: true,
    })
    expect(suit.text).toContain(
      'We have your order. Nothing is due: it is paid in full. We start making it and write to ' +
        'you as it moves on.\n',
    )
    const bags = orderSubmittedMail(site, {
      order: free,
      paymentDueToday: false,
      madeToOrder: false,
    })
    expect(bags.text).toContain('We pack it and e-mail you the tracking number when it ships.')
    for (const mail of [suit, bags]) {
      expect(mail.text).not.toContain('/checkout/')
      expect(mail.html).not.toContain('/checkout/')
      expect(mail.text).not.toMatch(/No payment is due today|Payment due/)
      expect(visible(mail.html)).toContain('Nothing is due: it is paid in full.')
    }
  })

  it('without a payment code says no payment is due today, and links nothing', () => {
    const mail = orderSubmittedMail(site, {
      order: { ...order, paymentCode: null },
      paymentDueToday: false,
    })
    expect(mail.text).toContain('No payment is due today. We will write to you when it is time')
    expect(mail.text).not.toContain('/checkout/')
  })

  it('lists the lines in an accessible table with headers', () => {
    const { html } = orderSubmittedMail(site, { order, paymentDueToday: false })
    expect(html).toContain('<caption')
    for (const header of ['Item', 'Qty', 'Price', 'Amount']) {
      expect(html).toMatch(new RegExp(`<th scope="col"[^>]*>${header}</th>`))
    }
    expect(html).toMatch(/<th scope="row"[^>]*>Balance<\/th><td[^>]*>\$1,930\.00<\/td>/)
  })

  it('receipts a payment: in full, or with the balance still due and its link', () => {
    const full = paymentReceivedMail(site, {
      order: { ...order, paid: 193_000, balance: 0 },
      paymentId: 'attempt-1',
      amount: 193_000,
    })
    expect(full).toMatchObject({
      kind: 'payment-received',
      dedupeKey: 'payment-received:attempt-1',
    })
    expect(full.text).toContain('we received your payment of $1,930.00 for order 7D3C2A9E.')
    expect(full.text).toContain('Your order is paid in full.')
    expect(full.text).not.toContain('/checkout/')

    const part = paymentReceivedMail(site, {
      order: { ...order, paid: 50_000, balance: 143_000 },
      paymentId: 'attempt-2',
      amount: 50_000,
    })
    expect(part.text).toContain('Balance still due: $1,430.00.')
    expect(part.text).toContain('https://shop.example/checkout/pay-Code_123')
  })

  it('tells each new state, with the tracking of a shipment when there is one', () => {
    const words = {
      in_production: 'We have started making your order.',
      shipped: 'Your order has left our workshop.',
      delivered: 'The carrier says your order was delivered.',
      cancelled: 'Your order was cancelled.',
      refunded: 'We have refunded your order.',
    }
    for (const status of MailedOrderStatus) {
      const mail = orderStatusMail(site, { order: { ...order, balance: 0 }, status })
      expect(mail.dedupeKey).toBe(`order-status:${order.id}:${status}`)
      expect(mail.kind).toBe(`order-${status.replace('_', '-')}`)
      expect(mail.text).toContain(words[status])
      expect(mail.text).not.toContain('Tracking number')
    }
    const shipped = orderStatusMail(site, {
      order,
      status: 'shipped',
      tracking: { carrier: 'UPS', number: '1Z999', url: 'https://track.example/1Z999' },
    })
    expect(shipped.text).toContain('Carrier: UPS\nTracking number: 1Z999\n')
    expect(shipped.html).toContain('<a href="https://track.example/1Z999"')
    const unsafe = orderStatusMail(site, {
      order,
      status: 'shipped',
      tracking: { number: '1Z999', url: 'javascript:alert(1)' },
    })
    expect(unsafe.html).not.toContain('javascript:')
    expect(unsafe.text).toContain('Tracking number: 1Z999')
    expect(unsafe.text).not.toContain('Carrier')
  })

  it('shows an open balance’s link while the order goes on, and none once it ended', () => {
    expect(orderStatusMail(site, { order, status: 'in_production' }).text).toContain(
      'Balance due: $1,930.00. Pay here:\nhttps://shop.example/checkout/pay-Code_123',
    )
    for (const status of ['cancelled', 'refunded'] as const) {
      expect(orderStatusMail(site, { order, status }).text).not.toContain('/checkout/')
    }
    const refunded = orderStatusMail(site, { order, status: 'refunded', refundedAmount: 50_000 })
    expect(refunded.text).toContain('We have refunded $500.00 of your order.')
  })
})

describe('order mail from a test store (TEST_PAYMENTS)', () => {
  it('opens by saying no real payment was taken, in text and HTML; a real store’s does not', () => {
    const test = { ...site, testPayments: true }
    for (const mail of [
      orderSubmittedMail(test, { order, paymentDueToday: true }),
      paymentReceivedMail(test, { order, paymentId: 'p1', amount: 1_000 }),
    ]) {
      expect(mail.text.startsWith(`${testStoreMailNotice}\n\n`), mail.kind).toBe(true)
      expect(mail.html, mail.kind).toContain(testStoreMailNotice)
    }
    for (const mail of [
      orderSubmittedMail(site, { order, paymentDueToday: true }),
      paymentReceivedMail(site, { order, paymentId: 'p1', amount: 1_000 }),
    ]) {
      expect(mail.text, mail.kind).not.toContain('test store')
      expect(mail.html, mail.kind).not.toContain('test store')
    }
  })
})

describe('mails of a change after submit', () => {
  const bagLine = {
    id: 'line-bag',
    name: 'Mission bag, black',
    details: [],
    availability: 'In stock: ships in 2 working days.',
    qty: 1,
    unitAmount: 22_000,
  }
  /** The order after a bag was added: shipping 37.50 → 45.00, total up by 220.00 + 7.50. */
  const grown: OrderMailData = {
    ...order,
    lines: [...order.lines, bagLine],
    total: 193_000 + 22_000 + 750,
    paid: 50_000,
    balance: 193_000 + 22_000 + 750 - 50_000,
  }
  const change = { shippingBefore: 3_750, shippingAfter: 4_500, totalBefore: 193_000 }

  it('lists the items added with when they ship, the new money and the payment link', () => {
    const mail = orderItemsAddedMail(site, { order: grown, added: [bagLine], change })
    const link = 'https://shop.example/checkout/pay-Code_123'
    expect(mail).toMatchObject({
      kind: 'order-items-added',
      to: 'pilot@example.com',
      dedupeKey: 'order-items-added:line-bag',
      subject: 'Items added to your Glidecraft order 7D3C2A9E',
    })
    expect(mail.text).toContain(
      'We added to order 7D3C2A9E:\n\n' +
        '- Mission bag, black: 1 × $220.00 = $220.00\n' +
        '  In stock: ships in 2 working days.\n\n' +
        'Shipping now costs $45.00 instead of $37.50.\n' +
        'New total: $2,157.50 (it was $1,930.00).\n' +
        'Paid so far: $500.00.\n' +
        'Balance due: $1,657.50.\n\n' +
        `Pay the balance here:\n${link}\n`,
    )
    const html = visible(mail.html)
    expect(html).toContain(
      'Mission bag, black: 1 × $220.00 = $220.00 In stock: ships in 2 working days.',
    )
    expect(html).toContain('New total: $2,157.50 (it was $1,930.00).')
    expect(html).toContain('Balance due: $1,657.50.')
    expect(mail.html).toContain(`<a href="${link}"`)
    // The whole order follows, the added line with the others.
    expect(mail.text).toContain('Order 7D3C2A9E\n\n- Corvid 2, size M')
    expect(mail.text).toContain('- Mission bag, black: 1 × $220.00 = $220.00\n  In stock')
  })

  it('sends an item that needs the waiver to be signed first, not to a payment that is refused', () => {
    const mail = orderItemsAddedMail(site, {
      order: grown,
      added: [bagLine],
      change,
      signatureNeeded: true,
    })
    expect(mail.text).toContain(
      'needs the waiver signed again: the order is not paid and does not ship until it is. ' +
        'Sign it on this page, then pay the balance there:\n' +
        'https://shop.example/add-to-order/pay-Code_123\n',
    )
    expect(mail.text).not.toContain('/checkout/')
    expect(mail.html).not.toContain('/checkout/')
  })

  it('says nothing is due, with no link, when the order stays paid in full', () => {
    const paid = { ...grown, paid: grown.total, balance: 0 }
    const mail = orderItemsAddedMail(site, { order: paid, added: [bagLine], change })
    expect(mail.text).toContain('Nothing is due: your order is paid in full.')
    expect(mail.text).not.toContain('/checkout/')
    expect(mail.text).not.toContain('Balance due')
  })

  it('writes the new address as a label does, and what its shipping and balance are now', () => {
    const moved = {
      ...order,
      shippingAddress: {
        ...order.shippingAddress!,
        line2: null,
        city: 'Berlin',
        region: null,
        postal_code: '10115',
        country: 'DE',
      },
    }
    const mail = orderAddressChangedMail(site, {
      order: moved,
      change: unchanged,
      dedupeKey: 'order-address-changed:e1',
    })
    expect(mail).toMatchObject({
      kind: 'order-address-changed',
      dedupeKey: 'order-address-changed:e1',
      subject: 'New shipping address for your Glidecraft order 7D3C2A9E',
    })
    expect(mail.text).toContain(
      'Order 7D3C2A9E now ships to:\n' +
        '  Ann Pilot\n  1 Runway Road\n  10115 Berlin\n  Germany\n\n' +
        'Shipping is unchanged: $37.50.\n' +
        'The total is unchanged: $1,930.00.\n' +
        'Paid so far: $0.00.\n' +
        'Balance due: $1,930.00.\n\n' +
        'Pay the balance here:\nhttps://shop.example/checkout/pay-Code_123\n',
    )
    expect(visible(mail.html)).toContain('Ann Pilot 1 Runway Road 10115 Berlin Germany')
    // Said once: the summary below does not repeat it.
    expect(mail.text.match(/10115 Berlin/g)).toHaveLength(1)
    expect(mail.text).not.toContain('Shipping to:')

    const repriced = orderAddressChangedMail(site, {
      order: { ...moved, total: 194_000, balance: 194_000 },
      change: { shippingBefore: 3_750, shippingAfter: 4_750, totalBefore: 193_000 },
      dedupeKey: 'k',
    })
    expect(repriced.text).toContain(
      'Shipping now costs $47.50 instead of $37.50.\nNew total: $1,940.00 (it was $1,930.00).',
    )
    const madeToOrder = orderAddressChangedMail(site, {
      order: moved,
      change: { shippingBefore: null, shippingAfter: null, totalBefore: order.total },
      dedupeKey: 'k',
    })
    expect(madeToOrder.text).toContain('Shipping is settled when your order is made.\n')
  })

  it('withholds the new address of an owner whose mail address is not proven', () => {
    const mail = orderAddressChangedMail(site, {
      order: { ...order, shippingAddress: null, addressWithheld: true, balance: 0, paid: 193_000 },
      change: unchanged,
      dedupeKey: 'k',
    })
    expect(mail.text).toContain(
      'Order 7D3C2A9E now ships to a new address. It is on the order’s page.',
    )
    expect(mail.text).not.toContain('Ann Pilot')
    expect(mail.text).toContain('Nothing is due: your order is paid in full.')
    expect(mail.text).not.toContain('/checkout/')
  })
})
