import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { ratePercent } from '../../contract/dealer.ts'
import { dealers } from '../db/schema.ts'
import { commissionView, ledgerCsv, markPayoutPaid } from '../services/commission.ts'
import {
  findDealer,
  invitationPath,
  linkCustomer,
  setDealerRate,
  tieDealer,
  unlinkCustomer,
} from '../services/dealers.ts'
import { formatAmount } from '../../contract/money.ts'
import { accountOf, CommandError, parsed, type AdminDeps, type Command } from './command.ts'

/*
 * The dealer portal's admin commands (`npm run admin -- help`): a dealer account tied to its
 * directory entry, its rate, its customers, payouts marked paid, and its ledger. Through the same
 * services as the API.
 */

/** A rate as a percentage with at most two decimals (12.5), 0–50 %, kept in basis points. */
const Percent = z.coerce
  .number({ error: 'a percentage such as 10 or 12.5' })
  .min(0, 'at least 0')
  .max(50, 'at most 50')
  .refine((value) => Number.isInteger(Math.round(value * 1e6) / 1e4), 'at most two decimals')
  .transform((value) => Math.round(value * 100))

const PayoutId = z.uuid('a payout request’s id (uuid), as dealer-ledger lists it')

async function dealerAccount(deps: AdminDeps, email: string | undefined) {
  const user = await accountOf(deps, email)
  const found = await findDealer(deps.db, user.id)
  if (!found)
    throw new CommandError(
      `${user.email} is not tied to a dealer directory entry: tie-dealer ${user.email} <slug>.`,
    )
  return { user, ...found }
}

export function dealerCommands(): Command[] {
  return [
    {
      name: 'tie-dealer',
      usage: 'tie-dealer <email> <directory-slug> [--rate PERCENT]',
      summary: 'tie a dealer account to its entry of the dealer directory',
      details:
        'The account must have the dealer role (create-dealer, set-role). The slug is the entry’s\n' +
        'in content/dealers.json. The first tie makes the dealer’s invitation link; --rate sets the\n' +
        'commission rate (0-50 %, 10 unless set).',
      options: { rate: { type: 'string' } },
      arity: 2,
      async run({ positionals, values }, deps, io) {
        const user = await accountOf(deps, positionals[0])
        const rateBp =
          values.rate === undefined ? undefined : parsed(Percent, values.rate, '--rate')
        const tied = await tieDealer(deps.db, { userId: user.id, slug: positionals[1]!, rateBp })
        if (!tied.ok) throw new CommandError(tied.reason)
        io.out(
          `${user.email} is the dealer of "${tied.dealer.directorySlug}" at ` +
            `${ratePercent(tied.dealer.rateBp)}; invitation link: ` +
            `${deps.siteUrl}${invitationPath(tied.dealer.inviteCode)}`,
        )
      },
    },
    {
      name: 'set-dealer-rate',
      usage: 'set-dealer-rate <email> <percent>',
      summary: 'set a dealer’s commission rate',
      details:
        'A percentage of each paid order less shipping (0-50, at most two decimals: 12.5). Orders\n' +
        'already paid keep the commission they earned; the rate counts from the next one.',
      options: {},
      arity: 2,
      async run({ positionals }, deps, io) {
        const { user, dealer } = await dealerAccount(deps, positionals[0])
        const rateBp = parsed(Percent, positionals[1], 'percent')
        await setDealerRate(deps.db, user.id, rateBp)
        io.out(`${user.email}: ${ratePercent(dealer.rateBp)} -> ${ratePercent(rateBp)}.`)
      },
    },
    {
      name: 'link-customer',
      usage: 'link-customer <customer-email> <dealer-email>',
      summary: 'make a customer a dealer’s (moving it from another dealer)',
      details:
        'A customer belongs to one dealer at most. Its orders submitted from now on are credited\n' +
        'to this dealer; orders already submitted stay with the dealer they were credited to.',
      options: {},
      arity: 2,
      async run({ positionals }, deps, io) {
        const customer = await accountOf(deps, positionals[0])
        const { user: dealer } = await dealerAccount(deps, positionals[1])
        const linked = await linkCustomer(deps.db, {
          customerId: customer.id,
          dealerId: dealer.id,
          linkedBy: 'admin',
          replace: true,
        })
        if (!linked.ok) throw new CommandError(linked.reason)
        io.out(
          `${customer.email} is now a customer of ${dealer.email}` +
            `${linked.moved ? ' (moved from another dealer)' : ''}.`,
        )
      },
    },
    {
      name: 'unlink-customer',
      usage: 'unlink-customer <customer-email>',
      summary: 'take a customer from its dealer',
      details: 'Orders already submitted stay credited to the dealer.',
      options: {},
      arity: 1,
      async run({ positionals }, deps, io) {
        const customer = await accountOf(deps, positionals[0])
        if (!(await unlinkCustomer(deps.db, customer.id)))
          throw new CommandError(`${customer.email} has no dealer.`)
        io.out(`${customer.email} no longer belongs to a dealer.`)
      },
    },
    {
      name: 'mark-payout-paid',
      usage: 'mark-payout-paid <payoutId>',
      summary: 'record that a dealer’s payout request was paid',
      details:
        'Once paid, the request can no longer change. Its amount left the balance when it was\n' +
        'requested (dealer-ledger shows it).',
      options: {},
      arity: 1,
      async run({ positionals }, deps, io) {
        const id = parsed(PayoutId, positionals[0], 'payout')
        const marked = await markPayoutPaid(deps.db, id)
        if (!marked.ok) throw new CommandError(marked.reason)
        io.out(
          `Payout ${id} of ${formatAmount(marked.payout.amount, marked.payout.currency)} is paid.`,
        )
      },
    },
    {
      name: 'dealer-ledger',
      usage: 'dealer-ledger <email> [--csv]',
      summary: 'print a dealer’s balance, ledger and payout requests',
      details:
        'The ledger oldest first, each entry with the balance it left, then the payout requests\n' +
        'with their ids and states. --csv prints the ledger as the dealer’s CSV export.',
      options: { csv: { type: 'boolean' } },
      arity: 1,
      async run({ positionals, values }, deps, io) {
        const { user, dealer, entry } = await dealerAccount(deps, positionals[0])
        if (values.csv) {
          io.out((await ledgerCsv(deps.db, user.id)).trimEnd().replaceAll('\r\n', '\n'))
          return
        }
        const view = await commissionView(deps.db, user.id)
        const money = (amount: number) => formatAmount(amount, view.currency)
        io.out(`${entry.name} (${entry.slug}), ${user.email}, ${ratePercent(dealer.rateBp)}`)
        io.out(`Balance: ${money(view.balance)}`)
        io.out('')
        for (const line of [...view.ledger].reverse())
          io.out(
            `${line.at}  ${line.kind.padEnd(14)} ${money(line.amount).padStart(14)} ` +
              `${money(line.balance_after).padStart(14)}  ${line.note}`,
          )
        if (view.ledger.length === 0) io.out('No ledger entries yet.')
        io.out('')
        for (const payout of view.payouts)
          io.out(
            `${payout.id}  ${payout.status.padEnd(9)} ${money(payout.amount).padStart(14)}  ` +
              `${payout.created_at}${payout.notes ? `  “${payout.notes}”` : ''}`,
          )
        if (view.payouts.length === 0) io.out('No payout requests.')
      },
    },
  ]
}

/** The dealers table, for tests that need a dealer's row as the CLI left it. */
export const dealerRow = (deps: AdminDeps, userId: string) =>
  deps.db.select().from(dealers).where(eq(dealers.userId, userId))
