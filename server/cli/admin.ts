// `npm run admin -- <command>`: the shop's admin command line (`npm run admin -- help`).
import { createInterface } from 'node:readline/promises'
import { Writable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { openDatabase, type OpenDatabase } from '../db/index.ts'
import { loadEnv } from '../env.ts'
import { createLogger } from '../log.ts'
import { createMailer, type Mailer } from '../mail/mailer.ts'
import { createPayments } from '../services/payments/payments.ts'
import { paymentProviders } from '../services/payments/providers.ts'
import { exitCodes, runAdmin } from './admin-commands.ts'
import type { AdminDeps, AdminIo } from './command.ts'

/** Reads one line from the terminal, echoing nothing (the readline prompt goes to stderr). */
async function askSecret(prompt: string): Promise<string> {
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() })
  // The interface puts the terminal in raw mode: only after that may the prompt invite typing,
  // or the first keys would be echoed by the terminal itself.
  const terminal = createInterface({ input: process.stdin, output: muted, terminal: true })
  process.stderr.write(prompt)
  try {
    return await new Promise<string>((resolve, reject) => {
      terminal.on('SIGINT', () => reject(new Error('cancelled')))
      terminal.question('').then(resolve, reject)
    })
  } finally {
    terminal.close()
    process.stderr.write('\n')
  }
}

const io: AdminIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  interactive: Boolean(process.stdin.isTTY),
  readStdin: () => text(process.stdin),
  askSecret,
}

async function main(): Promise<number> {
  let env
  try {
    env = loadEnv()
  } catch (error) {
    io.err((error as Error).message)
    return exitCodes.failed
  }
  let database: OpenDatabase | undefined
  let mailer: Mailer | undefined
  // Log lines (JSON) go to stderr, so stdout holds only what the command prints.
  const logger = createLogger(env, { write: (line: string) => process.stderr.write(line) })
  const open = async (): Promise<AdminDeps> => {
    database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir })
    // Not started: a command that mails delivers what it queued itself (`idle()`), and what
    // cannot go now waits in the outbox for the server's worker.
    mailer = createMailer({
      db: database.db,
      logger,
      smtpUrl: env.smtpUrl,
      from: env.mailFrom,
    })
    const payments = createPayments({
      db: database.db,
      providers: paymentProviders(database.db, env),
      siteUrl: env.siteUrl,
      logger,
    })
    return {
      db: database.db,
      mailer,
      payments,
      siteUrl: env.siteUrl,
      smtp: env.smtpUrl !== undefined,
    }
  }
  try {
    return await runAdmin(process.argv.slice(2), open, io, () => env)
  } catch (error) {
    io.err(`admin: ${(error as Error).message}`)
    return exitCodes.failed
  } finally {
    await mailer?.stop()
    // PGlite writes its files on close.
    await database?.close()
  }
}

process.exitCode = await main()
