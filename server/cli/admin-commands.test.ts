import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Session } from '../../contract/auth.ts'
import { outbox, users } from '../db/schema.ts'
import { demoPassword } from '../services/seed.ts'
import { createLogger } from '../log.ts'
import { createMailer } from '../mail/mailer.ts'
import { listOutbox } from '../mail/outbox.ts'
import { issueOneTimeToken } from '../services/one-time-tokens.ts'
import {
  createTempDir,
  createTestApp,
  openTestDatabase,
  type TestDatabase,
} from '../testing/test-helpers.ts'
import { outboxMailer } from '../testing/test-mail.ts'
import { runAdmin } from './admin-commands.ts'
import type { AdminDeps, AdminIo } from './command.ts'
import { adminRunner } from './test-admin.ts'

let database: TestDatabase
let deps: AdminDeps
let app: ReturnType<typeof createTestApp>
beforeAll(async () => {
  database = await openTestDatabase()
  const mailer = outboxMailer(database.db)
  deps = {
    db: database.db,
    mailer,
    siteUrl: 'https://shop.example',
    smtp: false,
  }
  app = createTestApp(database.db, { env: { SITE_URL: 'https://shop.example' } })
})
afterAll(async () => {
  await deps.mailer.idle()
  await database.close()
})

const admin = adminRunner(() => deps)

let nextAddress = 0
function post(route: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  return app.request(
    route,
    { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: `10.7.0.${nextAddress++ % 250}` } } },
  )
}

async function signIn(email: string, password: string) {
  const res = await post('/api/login', { email, password })
  expect(res.status).toBe(200)
  return Session.parse(await res.json()).token
}

async function whoAmI(token: string) {
  return app.request('/api/user', { headers: { authorization: `Bearer ${token}` } })
}

async function accountRow(email: string) {
  const [row] = await database.db.select().from(users).where(eq(users.email, email))
  return row
}

describe('help', () => {
  const noDatabase = async (): Promise<AdminDeps> => {
    throw new Error('help must not open the database')
  }

  it('lists every command, and explains each on its own', async () => {
    const io = { out: [] as string[], err: [] as string[] }
    const quiet: AdminIo = {
      out: (line) => io.out.push(line),
      err: (line) => io.err.push(line),
      interactive: false,
      readStdin: async () => '',
      askSecret: async () => '',
    }
    expect(await runAdmin(['help'], noDatabase, quiet)).toBe(0)
    for (const command of [
      'create-user',
      'create-dealer',
      'set-role',
      'login-link',
      'outbox',
      'revoke-sessions',
    ]) {
      expect(io.out.join('\n')).toContain(`  ${command}`)
    }
    io.out.length = 0
    expect(await runAdmin(['help', 'outbox'], noDatabase, quiet)).toBe(0)
    expect(io.out.join('\n')).toContain('Usage: npm run admin -- outbox [--limit N]')
    io.out.length = 0
    expect(await runAdmin(['login-link', '--help'], noDatabase, quiet)).toBe(0)
    expect(io.out.join('\n')).toContain('Usage: npm run admin -- login-link <email>')
  })

  it('answers an unknown command or option with the usage and exit code 2', async () => {
    const unknown = await admin(['make-coffee'])
    expect(unknown).toMatchObject({ code: 2, out: '' })
    expect(unknown.err).toContain('Unknown command "make-coffee"')
    expect(unknown.err).toContain('revoke-sessions')
    const option = await admin(['outbox', '--colour', 'red'])
    expect(option.code).toBe(2)
    expect(option.err).toContain('--colour')
    expect(option.err).toContain('Usage: npm run admin -- outbox')
    expect((await admin(['set-role', 'customer@example.com'])).err).toContain(
      'set-role takes 2 arguments, got 1.',
    )
  })
})

describe('create-user and create-dealer', () => {
  it('makes an account whose password (from stdin) signs in through the API', async () => {
    const result = await admin(
      ['create-user', 'Pilot.One@Example.com', '--name', 'Pat Pilot', '--password-stdin'],
      { stdin: 'wingsuit-over-the-alps\n' },
    )
    expect(result).toMatchObject({
      code: 0,
      out: 'Created customer account pilot.one@example.com.',
    })
    const row = await accountRow('pilot.one@example.com')
    expect(row).toMatchObject({ name: 'Pat Pilot', role: 'customer' })
    expect(result.out + result.err).not.toContain(row!.passwordHash!)
    const token = await signIn('pilot.one@example.com', 'wingsuit-over-the-alps')
    expect(await (await whoAmI(token)).json()).toMatchObject({
      role: 'customer',
      name: 'Pat Pilot',
    })
  })

  it('asks twice on a terminal, and makes nothing when the answers differ', async () => {
    const mismatch = await admin(['create-user', 'pilot.two@example.com', '--role', 'admin'], {
      interactive: true,
      answers: ['first-password', 'second-password'],
    })
    expect(mismatch.code).toBe(2)
    expect(mismatch.err).toContain('The passwords do not match.')
    expect(await accountRow('pilot.two@example.com')).toBeUndefined()

    const made = await admin(['create-user', 'pilot.two@example.com', '--role', 'admin'], {
      interactive: true,
      answers: ['same-password', 'same-password'],
    })
    expect(made.code).toBe(0)
    expect((await accountRow('pilot.two@example.com'))?.role).toBe('admin')
    await signIn('pilot.two@example.com', 'same-password')
  })

  it('mails a dealer made without a password a reset link that sets one', async () => {
    const result = await admin(['create-dealer', 'shop@dropzone.example', '--no-password'])
    expect(result.code).toBe(0)
    expect(result.out).toContain('mailed shop@dropzone.example a link to set one')
    expect(await accountRow('shop@dropzone.example')).toMatchObject({
      role: 'dealer',
      passwordHash: null,
    })
    const [mail] = await listOutbox(database.db, 1)
    expect(mail).toMatchObject({ to: 'shop@dropzone.example' })
    const token = mail!.text!.match(
      /https:\/\/shop\.example\/PasswordResets\/newpassword\/(\S+)/,
    )![1]
    const reset = await post(`/api/password/usetoken/${token}`, {
      password: 'dealer-password',
      confirmPassword: 'dealer-password',
    })
    expect(reset.status).toBe(200)
    const session = await signIn('shop@dropzone.example', 'dealer-password')
    expect(await (await whoAmI(session)).json()).toMatchObject({ role: 'dealer' })
  })

  it('says so, with exit code 1, when the reset mail could not be sent, and keeps it queued', async () => {
    const working = deps
    // An SMTP server that answers every message with a temporary failure.
    const refusing = createMailer({
      db: database.db,
      logger: createLogger({ logLevel: 'silent', nodeEnv: 'test' }),
      from: 'shop@example.com',
      transport: {
        via: 'smtp',
        send: () => Promise.reject(Object.assign(new Error('try later'), { responseCode: 451 })),
      },
    })
    deps = { ...working, mailer: refusing, smtp: true }
    try {
      const result = await admin(['create-dealer', 'unlucky@dropzone.example', '--no-password'])
      expect(result.code).toBe(1)
      expect(result.err).toContain('the mail with a link to set one could not be sent yet')
      expect(result.err).toContain('451 try later')
      expect(result.err).toContain('It stays in the outbox')
      const [mail] = await listOutbox(database.db, 1)
      expect(mail).toMatchObject({
        to: 'unlucky@dropzone.example',
        status: 'queued',
        attempts: 1,
      })
      // The server's worker sends it later: here, the working mailer once the retry is due.
      await database.db.update(outbox).set({ dueAt: new Date() }).where(eq(outbox.id, mail!.id))
      await working.mailer.idle()
      expect((await listOutbox(database.db, 1))[0]).toMatchObject({ status: 'sent' })
    } finally {
      deps = working
    }
  })

  it('refuses bad input with exit code 2 and a taken address with 1, changing nothing', async () => {
    const cases = [
      { args: ['create-user', 'not-an-address', '--no-password'], says: 'e-mail: Enter a valid' },
      {
        args: ['create-user', 'p3@example.com', '--role', 'guest', '--no-password'],
        says: '--role',
      },
      { args: ['create-user', 'p3@example.com', '--name', ' ', '--no-password'], says: '--name' },
      { args: ['create-user', 'p3@example.com'], says: 'No terminal to ask for a password on' },
      {
        args: ['create-user', 'p3@example.com', '--no-password', '--password-stdin'],
        says: 'exclude each other',
      },
    ]
    for (const { args, says } of cases) {
      const result = await admin(args)
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.err).toContain(says)
    }
    const short = await admin(['create-user', 'p3@example.com', '--password-stdin'], {
      stdin: 'short',
    })
    expect(short.code).toBe(2)
    expect(short.err).toContain('at least 8 characters')
    expect(await accountRow('p3@example.com')).toBeUndefined()

    const taken = await admin(['create-dealer', 'CUSTOMER@example.com', '--no-password'])
    expect(taken).toMatchObject({ code: 1, out: '' })
    expect(taken.err).toContain('An account already uses customer@example.com (role customer)')
    expect((await accountRow('customer@example.com'))?.role).toBe('customer')
  })
})

describe('set-role', () => {
  it('changes the role every session of the account sees on its next request', async () => {
    await admin(['create-user', 'rider@example.com', '--password-stdin'], {
      stdin: 'rider-password',
    })
    const token = await signIn('rider@example.com', 'rider-password')
    const result = await admin(['set-role', 'Rider@example.com', 'dealer'])
    expect(result).toMatchObject({ code: 0, out: 'rider@example.com: customer -> dealer.' })
    expect(await (await whoAmI(token)).json()).toMatchObject({ role: 'dealer' })
  })

  it('refuses an unknown account (1) and a role it does not give (2)', async () => {
    const unknown = await admin(['set-role', 'nobody@example.com', 'admin'])
    expect(unknown).toMatchObject({ code: 1, err: 'No account uses nobody@example.com.' })
    const guest = await admin(['set-role', 'dealer@example.com', 'guest'])
    expect(guest.code).toBe(2)
    expect((await accountRow('dealer@example.com'))?.role).toBe('dealer')
  })
})

describe('login-link', () => {
  it('prints only a one-time /LoginFromAdmin link under SITE_URL that signs in as the customer', async () => {
    const result = await admin(['login-link', 'customer@example.com'])
    expect(result.code).toBe(0)
    expect(result.out).toMatch(/^https:\/\/shop\.example\/LoginFromAdmin\/[A-Za-z0-9_-]{43}$/)
    const token = result.out.split('/').pop()!
    const used = await post(`/api/password/verify-login/${token}`)
    expect(used.status).toBe(200)
    const session = Session.parse(await used.json()).token
    expect(await (await whoAmI(session)).json()).toMatchObject({ email: 'customer@example.com' })
    expect((await post(`/api/password/verify-login/${token}`)).status).toBe(422)
  })

  it('refuses an admin account and an unknown one with exit code 1', async () => {
    const adminAccount = await admin(['login-link', 'admin@example.com'])
    expect(adminAccount).toMatchObject({ code: 1, out: '' })
    expect(adminAccount.err).toContain('An admin link cannot sign in as another admin.')
    expect(await admin(['login-link', 'nobody@example.com'])).toMatchObject({
      code: 1,
      out: '',
      err: 'nobody@example.com: No account uses this address.',
    })
  })
})

describe('outbox', () => {
  it('lists kept mail newest first, as many as --limit says', async () => {
    for (const email of ['first@example.com', 'second@example.com']) {
      await admin(['create-user', email, '--no-password'])
    }
    const result = await admin(['outbox', '--limit', '2'])
    expect(result.code).toBe(0)
    const recipients = [...result.out.matchAll(/ {2}to (\S+)/g)].map((match) => match[1])
    expect(recipients).toEqual(['second@example.com', 'first@example.com'])
    expect(result.out).toContain('Subject: Set your Glidecraft password')
    expect(result.out).toContain('https://shop.example/PasswordResets/newpassword/')
    for (const limit of ['0', 'ten', '1001']) {
      expect((await admin(['outbox', '--limit', limit])).code).toBe(2)
    }
  })
})

describe('revoke-sessions', () => {
  it('signs the account out everywhere, printing how many sessions ended and no token', async () => {
    const tokens = [
      await signIn('dealer@example.com', demoPassword),
      await signIn('dealer@example.com', demoPassword),
    ]
    const result = await admin(['revoke-sessions', 'dealer@example.com'])
    expect(result).toMatchObject({ code: 0, out: 'Ended 2 sessions of dealer@example.com.' })
    for (const token of tokens) expect((await whoAmI(token)).status).toBe(401)
    expect(await admin(['revoke-sessions', 'nobody@example.com'])).toMatchObject({ code: 1 })
  })

  it('voids the account’s unused sign-in, admin sign-in and reset links too', async () => {
    const dealer = await accountRow('dealer@example.com')
    const links = await Promise.all(
      (['login-link', 'admin-login', 'password-reset'] as const).map((purpose) =>
        issueOneTimeToken(database.db, dealer!.id, purpose),
      ),
    )
    const printed = (await admin(['login-link', 'dealer@example.com'])).out.split('/').pop()!
    expect((await admin(['revoke-sessions', 'dealer@example.com'])).code).toBe(0)
    const [login, adminLogin, reset] = links.map(({ token }) => token)
    for (const token of [login, adminLogin, printed]) {
      expect((await post(`/api/password/verify-login/${token}`)).status).toBe(422)
    }
    const body = { password: 'taken-over-1', confirmPassword: 'taken-over-1' }
    expect((await post(`/api/password/usetoken/${reset}`, body)).status).toBe(422)
    expect((await signIn('dealer@example.com', demoPassword)).length).toBeGreaterThan(0)
  })
})

describe('npm run admin', () => {
  const run = promisify(execFile)
  const root = path.resolve(import.meta.dirname, '../..')

  /** The real command line in a child process; the exit code, stdout and stderr. */
  async function npmAdmin(args: string[], env: Record<string, string> = {}) {
    try {
      const { stdout, stderr } = await run('npm', ['run', '--silent', 'admin', '--', ...args], {
        cwd: root,
        env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      })
      return { code: 0, stdout, stderr }
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string }
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
    }
  }

  it('prints its help, and exits 2 for an unknown command', async () => {
    const help = await npmAdmin(['help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('Usage: npm run admin -- <command> [arguments]')
    expect(help.stdout).toContain('revoke-sessions')
    const unknown = await npmAdmin(['make-coffee'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('Unknown command "make-coffee"')
  })

  it('will not open a PGlite database the server has open, and says what to do', async () => {
    const dataDir = await createTempDir({})
    try {
      // This test process stands in for a running server holding the lock.
      await writeFile(path.join(dataDir.dir, 'pglite.lock'), String(process.pid))
      const result = await npmAdmin(['revoke-sessions', 'customer@example.com'], {
        DATA_DIR: dataDir.dir,
        DATABASE_URL: '',
      })
      expect(result.code).toBe(1)
      expect(result.stderr).toContain(`is open in process ${process.pid}`)
      expect(result.stderr).toContain('stop it first, or use DATABASE_URL')
    } finally {
      await dataDir.cleanup()
    }
  })
})
