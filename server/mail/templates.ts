import { fileURLToPath } from 'node:url'
import { Eta } from 'eta'
import type { ShippingAddress } from '../../contract/address.ts'
import type { MailMessage } from './outbox.ts'
import { formatMoney } from '../../contract/money.ts'
import { orderNumber } from '../../contract/orders.ts'
import { addressLines } from './format.ts'

/*
 * Every mail the store sends, made from templates (Eta, server/mail/templates/): one HTML and one
 * plain-text template per kind of mail, each inside its layout, and one typed builder per kind
 * here. A builder takes the facts and returns a message ready for `queueMail`, with a dedupe key
 * derived from what the mail is about. Templates only place text: amounts, addresses and links
 * are formatted here. HTML templates escape every value (`<%= %>`); the text ones write values as
 * they are.
 */

/** The shop's name as mail writes it. */
export const shopName = 'Glidecraft'

const templates = fileURLToPath(new URL('./templates/', import.meta.url))
const html = new Eta({ views: `${templates}html`, cache: true, autoEscape: true })
// Text templates trim only where a tag says so (`-%>`): a value ending a line keeps its newline.
const text = new Eta({ views: `${templates}text`, cache: true, autoEscape: false, autoTrim: false })

/** The facts every mail needs besides its own: where the shop is. */
export interface MailSite {
  /** The store's public origin (SITE_URL), for links. */
  siteUrl: string
  /** TEST_PAYMENTS: the mail opens by saying this is a test store. */
  testPayments?: boolean | undefined
}

/** What a mail from a test store (TEST_PAYMENTS) says first. */
export const testStoreMailNotice =
  'This is a test store: payments here are tests, and no real payment was taken.'

interface Layout {
  subject: string
  shopName: string
  siteUrl: string
  testNotice: string | undefined
  /** The footer's line saying why the recipient gets this mail. */
  why: string
}

function render(
  kind: string,
  template: string,
  layout: Layout,
  data: Record<string, unknown>,
  to: string,
  dedupeKey: string,
): MailMessage {
  const it = { ...data, layout }
  return {
    kind,
    to,
    subject: layout.subject,
    html: html.render(`./${template}`, it),
    text: `${text.render(`./${template}`, it).trim()}\n`,
    dedupeKey,
  }
}

function layoutFor(site: MailSite, subject: string, why: string): Layout {
  return {
    subject,
    shopName,
    siteUrl: site.siteUrl,
    testNotice: site.testPayments ? testStoreMailNotice : undefined,
    why,
  }
}

const accountWhy = `You get this e-mail because someone used this address at ${shopName}.`

/**
 * A password-reset link (`/PasswordResets/newpassword/{token}`, docs/accounts-and-guests.md), valid
 * one hour.
 */
export function passwordResetMail(
  site: MailSite,
  { to, token, dedupeKey }: { to: string; token: string; dedupeKey: string },
): MailMessage {
  const layout = layoutFor(site, `Set your ${shopName} password`, accountWhy)
  const link = `${site.siteUrl}/PasswordResets/newpassword/${token}`
  return render('password-reset', 'password-reset', layout, { link }, to, dedupeKey)
}

/**
 * A one-time sign-in link (`/LoginFromAdmin/{token}`), valid 15 minutes: asked for on the sign-in
 * page (`login-link`), or the welcome of a new account (`welcome`).
 */
export function loginLinkMail(
  site: MailSite,
  {
    to,
    token,
    dedupeKey,
    welcome = false,
  }: { to: string; token: string; dedupeKey: string; welcome?: boolean },
): MailMessage {
  const layout = layoutFor(site, `Your ${shopName} sign-in link`, accountWhy)
  const data = {
    link: `${site.siteUrl}/LoginFromAdmin/${token}`,
    heading: welcome ? `Welcome to ${shopName}` : 'Your sign-in link',
    intro: welcome
      ? `Welcome to ${shopName}: your account is ready.`
      : `Here is your link to sign in to ${shopName}.`,
  }
  return render(welcome ? 'welcome' : 'login-link', 'login-link', layout, data, to, dedupeKey)
}

/**
 * The confirmation of a new account's address (`/LoginFromAdmin/{token}`), valid one hour: it
 * says someone registered, and to ignore it if that was not the reader.
 */
export function confirmAddressMail(
  site: MailSite,
  { to, token, dedupeKey }: { to: string; token: string; dedupeKey: string },
): MailMessage {
  const layout = layoutFor(site, `Confirm your address at ${shopName}`, accountWhy)
  const data = { link: `${site.siteUrl}/LoginFromAdmin/${token}` }
  return render('confirm-email', 'confirm-email', layout, data, to, dedupeKey)
}

/** A line of an order as its mail lists it. */
export interface OrderMailLine {
  /** The line's id (`order_lines.id`): a change's mail picks the lines it added by it. */
  id: string
  /** What it is: the variant's name when it has one ("Tarn 220"), else the product's. */
  name: string
  /** What the customer chose, in the cart's words ("Size: M", "Colours: …"); may be empty. */
  details: string[]
  qty: number
  /** The price of one, in the currency's minor units, as charged. */
  unitAmount: number
  /**
   * When it ships, in the product page's words (contract/availability.ts): "In stock: ships in 2
   * working days." or "Made to order: 8–10 weeks, ready between …".
   */
  availability: string
}

/** What every order mail shows of the order. Amounts are integer minor units of `currency`. */
export interface OrderMailData {
  /** The order's id: its page is `/orders/{id}`. */
  id: string
  /** The customer's e-mail address: the mail goes there. */
  email: string
  lines: OrderMailLine[]
  /** What the order costs as submitted: lines, discounts and shipping. */
  total: number
  paid: number
  balance: number
  /** ISO 4217, such as `USD`. */
  currency: string
  shippingAddress: ShippingAddress | null
  /**
   * Whether the order's owner has not proven the mail's address (a guest session, or an account
   * not yet confirmed): its mail then carries no text that owner typed (the shipping address's
   * names and lines), only the shop's own words, so nobody can make the shop mail their words
   * to someone else's address. `shippingAddress` is then null.
   */
  addressWithheld?: boolean
  /** The order's payment code: its payment link is `/checkout/{paymentCode}`. */
  paymentCode: string | null
}

const orderWhy = `You get this e-mail because an order was placed with this address at ${shopName}.`

function lineView(line: OrderMailLine, currency: string) {
  const money = (minor: number) => formatMoney(minor, currency)
  return {
    name: line.name,
    details: line.details,
    availability: line.availability,
    qty: line.qty,
    unit: money(line.unitAmount),
    amount: money(line.unitAmount * line.qty),
  }
}

function orderView(site: MailSite, order: OrderMailData) {
  const money = (minor: number) => formatMoney(minor, order.currency)
  return {
    id: order.id,
    // The shop's one reference for it, on every screen and in every mail.
    number: orderNumber(order.id),
    shopName,
    link: `${site.siteUrl}/orders/${order.id}`,
    lines: order.lines.map((line) => lineView(line, order.currency)),
    total: money(order.total),
    paid: money(order.paid),
    balance: money(order.balance),
    address: order.shippingAddress ? addressLines(order.shippingAddress) : null,
    addressWithheld: order.addressWithheld ?? false,
  }
}

/** Only an http(s) address becomes a link: a carrier's `javascript:` must not. */
function webLink(url: string | undefined): string | undefined {
  return url && /^https?:\/\//i.test(url) ? url : undefined
}

/** The payment link of an order with a balance to pay, else undefined. */
function paymentLinkOf(site: MailSite, order: OrderMailData): string | undefined {
  return order.balance > 0 && order.paymentCode
    ? `${site.siteUrl}/checkout/${order.paymentCode}`
    : undefined
}

/**
 * The confirmation of a submitted order. Pay now (`paymentDueToday`): the payment due and the
 * payment link. Made to order (`madeToOrder`, by default when no payment is due today): "no
 * payment is due today", and the payment link for whoever wants to pay the balance early, as
 * the order page offers it. Nothing to pay (a fully discounted order): it says so, with no link.
 * Key `order-submitted:{orderId}`.
 */
export function orderSubmittedMail(
  site: MailSite,
  {
    order,
    paymentDueToday,
    madeToOrder = !paymentDueToday,
    dedupeKey = `order-submitted:${order.id}`,
  }: {
    order: OrderMailData
    paymentDueToday: boolean
    madeToOrder?: boolean
    dedupeKey?: string
  },
): MailMessage {
  const layout = layoutFor(site, `Your ${shopName} order is submitted`, orderWhy)
  const paidInFull = order.balance <= 0
  const data = {
    order: orderView(site, order),
    paidInFull,
    paymentDueToday: paymentDueToday && !paidInFull,
    madeToOrder,
    paymentLink: paymentLinkOf(site, order),
  }
  return render('order-submitted', 'order-submitted', layout, data, order.email, dedupeKey)
}

/**
 * The receipt of a settled payment (`order` as it stands after it: paid and balance include it).
 * Key `payment-received:{paymentId}`. A declined payment is not mailed: the customer is at the
 * payment step and sees it there.
 */
export function paymentReceivedMail(
  site: MailSite,
  {
    order,
    paymentId,
    amount,
    dedupeKey = `payment-received:${paymentId}`,
  }: { order: OrderMailData; paymentId: string; amount: number; dedupeKey?: string },
): MailMessage {
  const layout = layoutFor(site, `Payment received for your ${shopName} order`, orderWhy)
  const data = {
    order: orderView(site, order),
    amount: formatMoney(amount, order.currency),
    paidInFull: order.balance <= 0,
    paymentLink: paymentLinkOf(site, order),
  }
  return render('payment-received', 'payment-received', layout, data, order.email, dedupeKey)
}

/** The states an order moves into that the customer is told about. */
export const MailedOrderStatus = [
  'in_production',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const
export type MailedOrderStatus = (typeof MailedOrderStatus)[number]

/** A parcel's tracking, when the carrier gives one. */
export interface Tracking {
  carrier?: string | undefined
  number: string
  url?: string | undefined
}

const statusWords: Record<
  MailedOrderStatus,
  { subject: string; heading: string; message: string }
> = {
  in_production: {
    subject: `Your ${shopName} order is in production`,
    heading: 'Your order is in production',
    message: 'We have started making your order.',
  },
  shipped: {
    subject: `Your ${shopName} order has shipped`,
    heading: 'Your order is on its way',
    message: 'Your order has left our workshop.',
  },
  delivered: {
    subject: `Your ${shopName} order was delivered`,
    heading: 'Your order was delivered',
    message: 'The carrier says your order was delivered. Blue skies!',
  },
  cancelled: {
    subject: `Your ${shopName} order was cancelled`,
    heading: 'Your order was cancelled',
    message: 'Your order was cancelled. Reply to this e-mail if that is not what you expected.',
  },
  refunded: {
    subject: `Your ${shopName} order was refunded`,
    heading: 'Your order was refunded',
    message: 'We have refunded your order.',
  },
}

/**
 * An order moved to a new state: in production, shipped (with the tracking when there is one),
 * delivered, cancelled or refunded (with the amount refunded when given). An order with a balance
 * still to pay (and not cancelled or refunded) shows its payment link. Key
 * `order-status:{orderId}:{status}`; pass `dedupeKey` for a state reached twice.
 */
export function orderStatusMail(
  site: MailSite,
  {
    order,
    status,
    tracking,
    refundedAmount,
    dedupeKey = `order-status:${order.id}:${status}`,
  }: {
    order: OrderMailData
    status: MailedOrderStatus
    tracking?: Tracking | undefined
    refundedAmount?: number | undefined
    dedupeKey?: string
  },
): MailMessage {
  const words = statusWords[status]
  const layout = layoutFor(site, words.subject, orderWhy)
  const ended = status === 'cancelled' || status === 'refunded'
  const message =
    status === 'refunded' && refundedAmount !== undefined
      ? `We have refunded ${formatMoney(refundedAmount, order.currency)} of your order.`
      : words.message
  const data = {
    order: orderView(site, order),
    heading: words.heading,
    message,
    tracking:
      status === 'shipped' && tracking ? { ...tracking, url: webLink(tracking.url) } : undefined,
    paymentLink: ended ? undefined : paymentLinkOf(site, order),
  }
  return render(
    `order-${status.replace('_', '-')}`,
    'order-status',
    layout,
    data,
    order.email,
    dedupeKey,
  )
}

/**
 * What a change after submit did to an order's money, in minor units: its shipping before and
 * after (null: none priced, as a made-to-order order's, settled when it is made) and its total
 * before. The order's own facts (OrderMailData) are as the change left it.
 */
export interface OrderMoneyChange {
  shippingBefore: number | null
  shippingAfter: number | null
  totalBefore: number
}

/** What a change's mail says of the money: shipping, total, paid and balance, one sentence each. */
function moneyChangeView(order: OrderMailData, change: OrderMoneyChange) {
  const money = (minor: number) => formatMoney(minor, order.currency)
  const { shippingBefore: before, shippingAfter: after } = change
  let shipping: string
  if (after === null) shipping = 'Shipping is settled when your order is made.'
  else if (before === null) shipping = `Shipping: ${money(after)}.`
  else if (before !== after)
    shipping = `Shipping now costs ${money(after)} instead of ${money(before)}.`
  else shipping = `Shipping is unchanged: ${money(after)}.`
  return {
    shipping,
    total:
      order.total === change.totalBefore
        ? `The total is unchanged: ${money(order.total)}.`
        : `New total: ${money(order.total)} (it was ${money(change.totalBefore)}).`,
    paid: `Paid so far: ${money(order.paid)}.`,
    balance:
      order.balance > 0
        ? `Balance due: ${money(order.balance)}.`
        : 'Nothing is due: your order is paid in full.',
  }
}

/**
 * Items added to a submitted order through its payment link (services/orders/amendments.ts):
 * what was added, each with when it ships, what shipping, the total, what is paid and the balance
 * are now, and the way to pay the balance: the payment link, or, while an added item waits for
 * the waiver to be signed again (paying is refused until then), the add-to-order page where it
 * is signed and then paid. Key `order-items-added:{lineId}`: one mail per addition.
 */
export function orderItemsAddedMail(
  site: MailSite,
  {
    order,
    added,
    change,
    signatureNeeded = false,
    dedupeKey = `order-items-added:${added.map((line) => line.id).join('+')}`,
  }: {
    order: OrderMailData
    /** The lines the change added, as `order.lines` lists them. */
    added: OrderMailLine[]
    change: OrderMoneyChange
    signatureNeeded?: boolean
    dedupeKey?: string
  },
): MailMessage {
  const view = orderView(site, order)
  const layout = layoutFor(site, `Items added to your ${shopName} order ${view.number}`, orderWhy)
  const signLink =
    signatureNeeded && order.paymentCode
      ? `${site.siteUrl}/add-to-order/${order.paymentCode}`
      : undefined
  const data = {
    order: view,
    added: added.map((line) => lineView(line, order.currency)),
    money: moneyChangeView(order, change),
    signLink,
    paymentLink: signLink ? undefined : paymentLinkOf(site, order),
  }
  return render('order-items-added', 'order-items-added', layout, data, order.email, dedupeKey)
}

/**
 * A submitted order's shipping address changed (services/orders/amendments.ts
 * moveSubmittedOrder): the new address as a parcel's label prints it (withheld, as in every
 * order mail, when the order's owner has not proven the mail's address), what shipping, the
 * total and the balance are now, and the payment link while a balance is open. `dedupeKey` names
 * the change (`order-address-changed:{eventId}`): an order may move more than once.
 */
export function orderAddressChangedMail(
  site: MailSite,
  {
    order,
    change,
    dedupeKey,
  }: { order: OrderMailData; change: OrderMoneyChange; dedupeKey: string },
): MailMessage {
  const view = orderView(site, order)
  const layout = layoutFor(
    site,
    `New shipping address for your ${shopName} order ${view.number}`,
    orderWhy,
  )
  const data = {
    // The address is said once, above the summary.
    order: { ...view, address: null, addressWithheld: false },
    address: view.address,
    money: moneyChangeView(order, change),
    paymentLink: paymentLinkOf(site, order),
  }
  return render(
    'order-address-changed',
    'order-address-changed',
    layout,
    data,
    order.email,
    dedupeKey,
  )
}

/** What a visitor wrote in a form (contact, contact a coach), as the mail shows it. */
export interface FormMessage {
  name: string
  email: string
  subject?: string | undefined
  message: string
}

/**
 * The contact form (`POST /api/contact/`), to the shop's own address: Reply-To is the visitor,
 * so answering the mail answers them.
 */
export function contactMessageMail(
  site: MailSite,
  { to, form, dedupeKey }: { to: string; form: FormMessage; dedupeKey: string },
): MailMessage {
  const subject = `Contact form: ${form.subject || `a message from ${form.name}`}`
  const why = `You get this e-mail because a visitor wrote to ${shopName} through the contact form at ${site.siteUrl}/contact.`
  const data = {
    ...form,
    subject: form.subject ?? '',
    heading: 'A message from the contact form',
    intro: `${form.name} wrote through the contact form.`,
    reply: `Reply to this e-mail to answer ${form.name} (${form.email}).`,
  }
  const layout = layoutFor(site, subject, why)
  return {
    ...render('contact-message', 'form-message', layout, data, to, dedupeKey),
    replyTo: form.email,
  }
}

/**
 * A coach's contact form (`POST /api/coach/contact-coaches/{coachSlug}`), to the coach: Reply-To
 * is the visitor, so the coach answers them directly and the shop is not in between.
 */
export function coachMessageMail(
  site: MailSite,
  {
    to,
    coachName,
    coachPage,
    form,
    dedupeKey,
  }: { to: string; coachName: string; coachPage: string; form: FormMessage; dedupeKey: string },
): MailMessage {
  const why = `You get this e-mail because you are listed as a coach at ${shopName} (${site.siteUrl}${coachPage}), where visitors can write to you.`
  const data = {
    ...form,
    subject: '',
    heading: `A message for ${coachName}`,
    intro: `${form.name} wrote to you through your coach page at ${shopName}.`,
    reply: `Reply to this e-mail to answer ${form.name} directly: your reply goes to ${form.email}.`,
  }
  const layout = layoutFor(site, `${form.name} wrote to you through ${shopName}`, why)
  return {
    ...render('coach-message', 'form-message', layout, data, to, dedupeKey),
    replyTo: form.email,
  }
}

/** The newsletter's confirmation link (double opt-in), with an unsubscribe link for later. */
export function newsletterConfirmMail(
  site: MailSite,
  {
    to,
    confirmLink,
    unsubscribeLink,
    dedupeKey,
  }: { to: string; confirmLink: string; unsubscribeLink: string; dedupeKey: string },
): MailMessage {
  const why = `You get this e-mail because this address was signed up for the ${shopName} newsletter.`
  const layout = layoutFor(site, `Confirm your ${shopName} newsletter sign-up`, why)
  const data = { confirmLink, unsubscribeLink }
  return render('newsletter-confirm', 'newsletter-confirm', layout, data, to, dedupeKey)
}
