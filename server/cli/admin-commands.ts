import { randomUUID } from 'node:crypto'
import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { EditUserRequest, Email, Password } from '../../contract/auth.ts'
import { nextStatuses } from '../../contract/order-lifecycle.ts'
import { OrderStatus } from '../../contract/order-status.ts'
import { Role } from '../../contract/user.ts'
import { orders, users } from '../db/schema.ts'
import {
  createAccount,
  findUserByEmail,
  makeAdminLoginLink,
  sendResetLink,
  signOutEverywhere,
} from '../services/accounts.ts'
import { lastDays, mostViewedProducts, viewsPerPathPerDay } from '../services/analytics.ts'
import { listOutbox, mailStatus, queueMail, type KeptMessage } from '../mail/outbox.ts'
import { moveOrder } from '../services/orders/lifecycle.ts'
import { orderMailNow, shopMailPrefixes } from '../services/admin/order-mail.ts'
import { orderNumber } from '../../contract/orders.ts'
import { formatAmount, fromDecimal } from '../../contract/money.ts'
import { hashPassword } from '../services/passwords.ts'
import { configProblems, startSummary } from '../config-review.ts'
import { loadEnv, type Env } from '../env.ts'
import {
  accountOf,
  CommandError,
  parsed,
  UsageError,
  type AdminDeps,
  type AdminIo,
  type Command,
  type Input,
  type Options,
} from './command.ts'
import { dealerCommands } from './dealer-commands.ts'

/*
 * The commands of `npm run admin`, as plain functions of their arguments, the database and a
 * terminal: server/cli/admin.ts wires them to the process, tests call them in-process. Every
 * change goes through the same services as the API, so a user made here is a user the API knows.
 */

export const exitCodes = { ok: 0, failed: 1, usage: 2 } as const

/** The roles an admin gives; `guest` is what an account without a password is. */
const GivenRole = Role.exclude(['guest'])
type GivenRole = z.infer<typeof GivenRole>
const Name = EditUserRequest.shape.name.unwrap()
const Limit = z.coerce.number().int().min(1).max(1000)

const checkCommand: Command = {
  name: 'check',
  usage: 'check',
  summary: 'review the configuration for a production start',
  details:
    'Reads the environment this command runs with, as the server would, and names each setting ' +
    'a production start is missing or has unsafe (SITE_URL not https, no SMTP_URL, TEST_PAYMENTS ' +
    'or DEMO_ACCOUNTS on, no payment provider, …), one line each: the setting, then what to do. ' +
    'Exits 1 when there is any; needs no database. Run it with the production environment, e.g. ' +
    '`env $(cat /etc/glidecraft.env) npm run admin -- check`.',
  options: {},
  arity: 0,
  withEnv: async (_input, env, io) => {
    for (const [name, value] of Object.entries(startSummary(env)))
      io.out(`${name}: ${String(value)}`)
    const problems = configProblems(env)
    if (problems.length === 0) {
      io.out('No problem found for a production start.')
      return
    }
    io.out('')
    for (const { setting, problem } of problems) io.out(`${setting} ${problem}`)
    throw new CommandError(
      `${problems.length} setting${problems.length === 1 ? '' : 's'} to fix before a production start.`,
    )
  },
  run: async () => {
    throw new CommandError('check runs without the database.')
  },
}

/** The password the command was told to use: from stdin, asked twice, or none at all. */
async function newPassword(values: Input['values'], io: AdminIo): Promise<string | undefined> {
  if (values['password-stdin'] && values['no-password']) {
    throw new UsageError('--password-stdin and --no-password exclude each other.')
  }
  if (values['no-password']) return undefined
  if (values['password-stdin']) {
    const password = (await io.readStdin()).replace(/\r?\n$/, '')
    return parsed(Password, password, 'password from stdin')
  }
  if (!io.interactive) {
    throw new UsageError(
      'No terminal to ask for a password on: pass --password-stdin or --no-password.',
    )
  }
  const password = parsed(Password, await io.askSecret('Password: '), 'password')
  if ((await io.askSecret('Password again: ')) !== password) {
    throw new UsageError('The passwords do not match.')
  }
  return password
}

function whereMailGoes(deps: AdminDeps): string {
  return deps.smtp ? 'sent over SMTP' : 'kept in the outbox: `npm run admin -- outbox` or /dev/mail'
}

/** What the outbox listing says of a message's state. */
export function describeMailState(message: KeptMessage): string {
  switch (message.status) {
    case 'sent':
      return message.sentVia === 'smtp'
        ? `sent over SMTP at ${message.sentAt?.toISOString()}; the body is not kept`
        : 'kept in the development mailbox'
    case 'failed':
      return `not sent: gave up after ${message.attempts} attempts (${message.lastError})`
    case 'sending':
      return `being sent (attempt ${message.attempts})`
    case 'queued':
      return message.attempts === 0
        ? 'queued'
        : `queued: attempt ${message.attempts} failed (${message.lastError}); next at ${message.dueAt.toISOString()}`
  }
}

async function createUser(
  role: GivenRole,
  { values, positionals }: Input,
  deps: AdminDeps,
  io: AdminIo,
) {
  const email = parsed(Email, positionals[0], 'e-mail')
  const name = values.name === undefined ? null : parsed(Name, values.name, '--name')
  // Asked before the password, so nobody types one for an account that cannot be made.
  const existing = await findUserByEmail(deps.db, email)
  const taken = (user: { role: string }) =>
    new CommandError(
      `An account already uses ${email} (role ${user.role}); change its role with set-role.`,
    )
  if (existing) throw taken(existing)
  const password = await newPassword(values, io)
  const passwordHash = password === undefined ? null : await hashPassword(password)
  // The shop makes it for an address it was given: proven, unlike a registration.
  const created = await createAccount(deps.db, {
    email,
    passwordHash,
    name,
    role,
    emailVerifiedAt: new Date(),
  })
  if (!created) {
    const raced = await findUserByEmail(deps.db, email)
    throw taken(raced ?? { role: 'unknown' })
  }
  io.out(`Created ${role} account ${email}.`)
  if (password !== undefined) return
  const mailId = await sendResetLink(deps, created)
  // Delivered from here at once; what cannot go now waits in the outbox for the server's worker.
  await deps.mailer.idle()
  const mail = mailId === undefined ? undefined : await mailStatus(deps.db, mailId)
  // `sending`: a server's worker on the same PostgreSQL took it first.
  if (mail?.status !== 'sent' && mail?.status !== 'sending') {
    throw new CommandError(
      `The account has no password, and the mail with a link to set one could not be sent yet ` +
        `(${mail?.lastError ?? 'no answer'}). It stays in the outbox, and the server sends it ` +
        `when it can (\`npm run admin -- outbox\` shows it); else ask for a new link with ` +
        `"Forgot password" on the login page.`,
    )
  }
  io.out(
    `No password given: mailed ${email} a link to set one, valid one hour (${whereMailGoes(deps)}).`,
  )
}

const passwordOptions: Options = {
  name: { type: 'string' },
  'password-stdin': { type: 'boolean' },
  'no-password': { type: 'boolean' },
}
const passwordDetails =
  'The password is asked twice without echo, or read from standard input with\n' +
  '--password-stdin (one line: `printf %s "$PW" | npm run admin -- …`). With --no-password the\n' +
  'account has none, and its address is mailed a link to set one (valid one hour).'

const OrderId = z.uuid('an order id is a uuid (the order page’s address ends with it)')
const MoveNote = z.string().max(500, 'at most 500 characters').optional()

/**
 * Mails an order as it stands now, through the outbox: its state's mail (in production, shipped,
 * …) or, before that, its confirmation with what is due. Delivered at once when it can be; else
 * it waits in the outbox for the server's worker, and the command says so.
 */
async function resendOrderMail(deps: AdminDeps, id: string, io: AdminIo) {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, id))
  if (!order || order.submittedAt === null)
    throw new CommandError(`No submitted order has the id ${id}.`)
  const site = { siteUrl: deps.siteUrl }
  // A fresh key: a resend is a new message, whatever was sent before.
  const dedupeKey = `${shopMailPrefixes.resend}:${id}:${randomUUID()}`
  const message = await orderMailNow(deps.db, site, order, dedupeKey)
  if (!message)
    throw new CommandError(
      `Order ${orderNumber(id)} was placed without an e-mail address: there is no one to mail.`,
    )
  const status = order.status
  const queued = await queueMail(deps.db, message)
  await deps.mailer.idle()
  const mail = queued && (await mailStatus(deps.db, queued.id))
  if (mail?.status !== 'sent' && mail?.status !== 'sending') {
    throw new CommandError(
      `The mail could not be sent yet (${mail?.lastError ?? 'no answer'}). It stays in the ` +
        'outbox, and the server sends it when it can (`npm run admin -- outbox` shows it).',
    )
  }
  io.out(`Mailed order ${orderNumber(id)} (${status}) to ${message.to} (${whereMailGoes(deps)}).`)
}

const Days = z.coerce.number().int().min(1).max(366)

const commands: Command[] = [
  checkCommand,
  {
    name: 'create-user',
    usage:
      'create-user <email> [--role customer|dealer|staff|admin] [--name NAME] [--password-stdin | --no-password]',
    summary: 'create an account',
    details: `The role is customer unless --role says otherwise.\n${passwordDetails}`,
    options: { ...passwordOptions, role: { type: 'string' } },
    arity: 1,
    run: (input, deps, io) =>
      createUser(parsed(GivenRole, input.values.role ?? 'customer', '--role'), input, deps, io),
  },
  {
    name: 'create-dealer',
    usage: 'create-dealer <email> [--name NAME] [--password-stdin | --no-password]',
    summary: 'create a dealer account (create-user --role dealer)',
    details: passwordDetails,
    options: passwordOptions,
    arity: 1,
    run: (input, deps, io) => createUser('dealer', input, deps, io),
  },
  {
    name: 'set-role',
    usage: 'set-role <email> <customer|dealer|staff|admin>',
    summary: "change an account's role",
    details:
      'Takes effect on the next request of every session of the account. An account without a\n' +
      'password (a guest) keeps signing in by e-mail until it sets one.',
    options: {},
    arity: 2,
    async run({ positionals }, deps, io) {
      const user = await accountOf(deps, positionals[0])
      const role = parsed(GivenRole, positionals[1], 'role')
      await deps.db.update(users).set({ role }).where(eq(users.id, user.id))
      io.out(`${user.email}: ${user.role} -> ${role}.`)
    },
  },
  {
    name: 'login-link',
    usage: 'login-link <email>',
    summary: 'print a one-time link that signs in as a customer or dealer',
    details:
      'The same link as POST /api/admin/login-link: /LoginFromAdmin/{token} under SITE_URL, valid\n' +
      'once for 15 minutes. Not for admin accounts. The link alone goes to standard output.',
    options: {},
    arity: 1,
    async run({ positionals }, deps, io) {
      const email = parsed(Email, positionals[0], 'e-mail')
      const link = await makeAdminLoginLink(deps, email)
      if ('refused' in link) throw new CommandError(`${email}: ${link.refused}`)
      io.out(link.url)
      io.err(`Valid once, until ${link.expiresAt.toISOString()}.`)
    },
  },
  {
    name: 'outbox',
    usage: 'outbox [--limit N]',
    summary: 'list the mail in the outbox, newest first, with where each stands',
    details:
      'Every mail is queued in the outbox and delivered from there: over SMTP when SMTP_URL is\n' +
      'set (the body is then dropped), else kept as the development mailbox. Messages kept\n' +
      'contain working sign-in and reset links. Sent and failed mail is kept 30 days.\n' +
      '--limit: how many (1-1000, default 10).',
    options: { limit: { type: 'string' } },
    arity: 0,
    async run({ values }, deps, io) {
      const limit = parsed(Limit, values.limit ?? '10', '--limit')
      if (deps.smtp) io.err('SMTP_URL is set: mail goes out over SMTP, and its body is not kept.')
      const messages = await listOutbox(deps.db, limit)
      if (messages.length === 0) io.err('The outbox is empty.')
      for (const message of messages) {
        io.out(
          `${message.createdAt.toISOString()}  to ${message.to}  [${message.kind}, ${message.id}]`,
        )
        io.out(`Subject: ${message.subject}`)
        io.out(`State: ${describeMailState(message)}`)
        io.out('')
        for (const line of (message.text ?? '').trimEnd().split('\n')) io.out(`  ${line}`)
        io.out('')
      }
    },
  },
  {
    name: 'refund',
    usage: 'refund <orderId> [amount]',
    summary: "give back an order's payments through the gateway that took them",
    details:
      "The amount is in the order's currency (25.00); without it, all that is paid. Settled\n" +
      'payments are refunded newest first, each through its provider (the test gateway, Braintree;\n' +
      'a sale not settled yet is voided in whole). The order becomes refunded once nothing paid is\n' +
      'left, and its history records each refund.',
    options: {},
    arity: [1, 2],
    async run({ positionals }, deps, io) {
      if (!deps.payments) throw new CommandError('No payment providers are configured here.')
      const orderId = parsed(z.uuid({ message: 'an order id (uuid)' }), positionals[0], 'order')
      const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId))
      if (!order) throw new CommandError(`No order ${orderId}.`)
      let amount: number | undefined
      if (positionals[1] !== undefined) {
        amount = fromDecimal(positionals[1], order.currency)
        if (!Number.isSafeInteger(amount) || amount <= 0)
          throw new UsageError(`amount: a positive amount in ${order.currency}, such as 25.00.`)
      }
      const refunded = await deps.payments.refund(orderId, amount)
      if (!refunded.ok) throw new CommandError(refunded.message)
      io.out(
        `Refunded ${formatAmount(refunded.refunded, refunded.currency)} of order ${orderId}; it is ${refunded.status}.`,
      )
    },
  },
  {
    name: 'move-order',
    usage: `move-order <orderId> <${OrderStatus.filter((s) => s !== 'open' && s !== 'merged').join('|')}> [--note TEXT]`,
    summary: 'move a submitted order along its life',
    details:
      `${OrderStatus.filter((from) => nextStatuses(from).length > 0 && from !== 'open')
        .map((from) => `${from} -> ${nextStatuses(from).join(' | ')}`)
        .join('; ')}.\n` +
      'Each move is a line of the order’s history, which the customer sees on the order page:\n' +
      '--note says what (a tracking number), else the new state. A refund through the payment\n' +
      'provider is its own command (refund); an order that took money is refunded, not cancelled.',
    options: { note: { type: 'string' } },
    arity: 2,
    async run({ positionals, values }, deps, io) {
      const id = parsed(OrderId, positionals[0], 'order id')
      const to = parsed(z.enum(OrderStatus), positionals[1], 'state')
      const note = parsed(MoveNote, values.note, '--note') ?? ''
      const moved = await moveOrder(deps.db, id, to, note.trim(), { siteUrl: deps.siteUrl })
      if (!moved.ok) throw new CommandError(moved.reason)
      io.out(`Order ${orderNumber(id)}: ${moved.from} -> ${moved.to}.`)
    },
  },
  {
    name: 'resend-mail',
    usage: 'resend-mail <orderId>',
    summary: 'mail the customer their order as it stands now',
    details:
      'The order’s state, items with their production times, total, paid and balance, a link to\n' +
      'the order page and, while a balance is due, the payment link. It goes to the account’s\n' +
      'address, or the one the guest ordered with.',
    options: {},
    arity: 1,
    run: async ({ positionals }, deps, io) =>
      resendOrderMail(deps, parsed(OrderId, positionals[0], 'order id'), io),
  },
  {
    name: 'page-views',
    usage: 'page-views [--days N] [--path PREFIX]',
    summary: 'page views per path per day (first-party analytics)',
    details:
      'The last N UTC days, today included (default 7, at most 366), newest day first and the\n' +
      'most viewed paths first within a day; --path keeps the paths starting with PREFIX. Views\n' +
      'are recorded only while the browser signals neither Do-Not-Track nor GPC.',
    options: { days: { type: 'string' }, path: { type: 'string' } },
    arity: 0,
    async run({ values }, deps, io) {
      const days = parsed(Days, values.days ?? '7', '--days')
      const pathPrefix = values.path === undefined ? undefined : String(values.path)
      const rows = await viewsPerPathPerDay(deps.db, lastDays(days), { pathPrefix })
      if (rows.length === 0) io.err(`No page views in the last ${days} days.`)
      let day = ''
      for (const row of rows) {
        if (row.day !== day) {
          if (day !== '') io.out('')
          day = row.day
          const total = rows.filter((r) => r.day === day).reduce((sum, r) => sum + r.views, 0)
          io.out(`${day}  ${total} views`)
        }
        io.out(`  ${String(row.views).padStart(7)}  ${row.path}`)
      }
    },
  },
  {
    name: 'top-products',
    usage: 'top-products [--days N] [--limit N]',
    summary: 'the most viewed products',
    details:
      'Views of each product page in the last N UTC days (default 30, at most 366), most viewed\n' +
      'first; --limit: how many (1-1000, default 10).',
    options: { days: { type: 'string' }, limit: { type: 'string' } },
    arity: 0,
    async run({ values }, deps, io) {
      const days = parsed(Days, values.days ?? '30', '--days')
      const limit = parsed(Limit, values.limit ?? '10', '--limit')
      const rows = await mostViewedProducts(deps.db, lastDays(days), limit)
      if (rows.length === 0) io.err(`No product page was viewed in the last ${days} days.`)
      for (const [index, row] of rows.entries()) {
        const name = row.name ? `${row.name} (${row.family})` : '(no longer in the catalog)'
        io.out(
          `${String(index + 1).padStart(3)}. ${String(row.views).padStart(7)}  ${row.slug}  ${name}`,
        )
      }
    },
  },
  {
    name: 'revoke-sessions',
    usage: 'revoke-sessions <email>',
    summary: 'sign an account out everywhere',
    details:
      'Ends every session of the account at once and voids its unused reset and sign-in links ' +
      '(admin ones too); its password stays as it is.',
    options: {},
    arity: 1,
    async run({ positionals }, deps, io) {
      const user = await accountOf(deps, positionals[0])
      const ended = await signOutEverywhere(deps.db, user.id)
      io.out(`Ended ${ended} session${ended === 1 ? '' : 's'} of ${user.email}.`)
    },
  },
  ...dealerCommands(),
]

const program = 'npm run admin --'

function overview(): string {
  const width = Math.max(...commands.map((command) => command.name.length))
  return [
    `Usage: ${program} <command> [arguments]`,
    '',
    'Commands:',
    `  ${'help [command]'.padEnd(width)}  this list, or one command's details`,
    ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    "It uses the server's database settings (DATABASE_URL, else PGlite in DATA_DIR: stop the",
    'server first, PGlite serves one process) and its mail settings (SMTP_URL, MAIL_FROM, SITE_URL).',
  ].join('\n')
}

function helpOf(command: Command): string {
  return `Usage: ${program} ${command.usage}\n\n${command.summary[0]!.toUpperCase()}${command.summary.slice(1)}.\n${command.details}`
}

/**
 * Runs one command line and returns the process's exit code: 0 done, 1 refused or failed (an
 * unknown account, say), 2 a wrong command line. `deps` is opened only for commands that need it.
 */
export async function runAdmin(
  args: string[],
  deps: () => Promise<AdminDeps>,
  io: AdminIo,
  /** The parsed environment, for commands that need nothing else (`check`). */
  env: () => Env = () => loadEnv(),
): Promise<number> {
  const [name, ...rest] = args
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    const topic = name === 'help' ? rest[0] : undefined
    const command = commands.find((candidate) => candidate.name === topic)
    if (topic !== undefined && !command) {
      io.err(`Unknown command "${topic}".\n\n${overview()}`)
      return exitCodes.usage
    }
    io.out(command ? helpOf(command) : overview())
    return exitCodes.ok
  }
  const command = commands.find((candidate) => candidate.name === name)
  if (!command) {
    io.err(`Unknown command "${name}".\n\n${overview()}`)
    return exitCodes.usage
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(helpOf(command))
    return exitCodes.ok
  }
  try {
    let input: Input
    try {
      input = parseArgs({
        args: rest,
        options: command.options,
        allowPositionals: true,
        strict: true,
      })
    } catch (error) {
      throw new UsageError((error as Error).message)
    }
    const [fewest, most] =
      typeof command.arity === 'number' ? [command.arity, command.arity] : command.arity
    const given = input.positionals.length
    if (given < fewest || given > most) {
      const takes = fewest === most ? `${fewest}` : `${fewest} to ${most}`
      throw new UsageError(
        `${command.name} takes ${takes} argument${most === 1 ? '' : 's'}, got ${given}.`,
      )
    }
    if (command.withEnv) await command.withEnv(input, env(), io)
    else await command.run(input, await deps(), io)
    return exitCodes.ok
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\nUsage: ${program} ${command.usage}`)
      return exitCodes.usage
    }
    if (error instanceof CommandError) {
      io.err(error.message)
      return exitCodes.failed
    }
    throw error
  }
}
