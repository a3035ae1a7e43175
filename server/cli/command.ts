import type { parseArgs } from 'node:util'
import type { z } from 'zod'
import { Email } from '../../contract/auth.ts'
import type { Env } from '../env.ts'
import { findUserByEmail, type AccountDeps } from '../services/accounts.ts'
import type { Payments } from '../services/payments/payments.ts'

/*
 * What every command of `npm run admin` shares: the terminal it writes to, what it may use, how
 * it refuses its input, and the account it names. admin-commands.ts holds the command list and
 * the runner; the command groups (dealer-commands.ts) build on this file alone.
 */
/** What a command reads and writes besides the database: the process's streams, or a test's. */
export interface AdminIo {
  out(line: string): void
  err(line: string): void
  /** Whether a person is at a terminal to be asked for a password. */
  interactive: boolean
  /** The whole of standard input, for `--password-stdin`. */
  readStdin(): Promise<string>
  /** Asks on the terminal without echoing what is typed. */
  askSecret(prompt: string): Promise<string>
}

export interface AdminDeps extends AccountDeps {
  /** Mail leaves over SMTP (SMTP_URL); otherwise it is kept in the development mailbox. */
  smtp: boolean
  /** Payments through the configured providers (the `refund` command). */
  payments?: Payments
}

/** A command's input is wrong: it prints its usage, and the process exits with 2. */
export class UsageError extends Error {}
/** The command could not be done (an unknown account, say): exit 1. */
export class CommandError extends Error {}

export function parsed<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value)
  if (!result.success) {
    throw new UsageError(`${what}: ${result.error.issues.map((issue) => issue.message).join(' ')}`)
  }
  return result.data
}

export type Options = NonNullable<Parameters<typeof parseArgs>[0]>['options']

export interface Input {
  values: Record<string, string | boolean | undefined>
  positionals: string[]
}

export interface Command {
  name: string
  /**
   * Runs with the parsed environment alone, never opening the database (the configuration
   * review works with the server running or stopped, and before any database exists).
   */
  withEnv?(input: Input, env: Env, io: AdminIo): Promise<void>
  usage: string
  summary: string
  /** Printed by `help <command>` under the usage line. */
  details: string
  options: Options
  /** How many positional arguments it takes: a number, or the fewest and the most. */
  arity: number | readonly [number, number]
  run(input: Input, deps: AdminDeps, io: AdminIo): Promise<void>
}

export async function accountOf(deps: AdminDeps, email: string | undefined) {
  const address = parsed(Email, email, 'e-mail')
  const user = await findUserByEmail(deps.db, address)
  if (!user) throw new CommandError(`No account uses ${address}.`)
  return user
}
