// A private, throwaway PostgreSQL cluster for the bench, set up as scripts/with-postgres.sh does:
// a temp dir, 127.0.0.1 only, trust auth, one database. initdb and pg_ctl refuse to run as root,
// so as root they run as the `postgres` system user (Debian's postgresql package creates it).
import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, readdirSync, realpathSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { makeTempDir, removeTempDir } from './processes.ts'

const isRoot = process.getuid?.() === 0

/** The directory holding initdb and pg_ctl: on PATH, else Debian's newest /usr/lib/postgresql/N/bin. */
function postgresBin(): string {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    // Debian links initdb onto PATH; createdb and pg_ctl sit beside its real file.
    if (dir && existsSync(join(dir, 'initdb'))) return dirname(realpathSync(join(dir, 'initdb')))
  }
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (!versions[0]) throw new Error('no initdb found (apt-get install -y postgresql)')
  return join(root, versions[0], 'bin')
}

function asPostgres(command: string, args: string[], cwd: string): void {
  const [file, fileArgs] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args]
  execFileSync(file, fileArgs, { cwd, stdio: ['ignore', 'ignore', 'pipe'], timeout: 120_000 })
}

export interface Postgres {
  url: string
  /**
   * The database's own ceiling for writes, from the same cluster: pgbench's TPC-B-like mix
   * (`pgbench -i -s 10`, then `-c CLIENTS -j 2 -T SECONDS`) in a database of its own; tps.
   */
  pgbench(options: { clients: number; seconds: number }): number
  /** Runs SQL in the database `bench` with psql and gives its rows, unaligned. */
  psql(sql: string): string
  stop(): void
}

/**
 * Starts a cluster on `port` with a database `bench`; stop() (or this process's exit) removes it.
 * `settings` are further server settings (`-c name=value`), for a tool that profiles.
 */
export function startPostgres(port: number, settings: readonly string[] = []): Postgres {
  const bin = postgresBin()
  const dir = makeTempDir('bench-postgres')
  const data = join(dir, 'data')
  if (isRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0)
  asPostgres(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'],
    dir,
  )
  const options = [
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    ...settings.map((setting) => `-c ${setting}`),
  ].join(' ')
  asPostgres(
    join(bin, 'pg_ctl'),
    ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start'],
    dir,
  )
  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    try {
      asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], dir)
    } finally {
      removeTempDir(dir)
    }
  }
  // pg_ctl detaches the server from our process group: stop it by hand on any way out.
  process.prependOnceListener('exit', stop)
  try {
    execFileSync(join(bin, 'createdb'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'postgres',
      'bench',
    ])
  } catch (error) {
    stop()
    throw error
  }
  const client = ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres']
  const pgbench = ({ clients, seconds }: { clients: number; seconds: number }) => {
    execFileSync(join(bin, 'createdb'), [...client, 'pgbench'])
    execFileSync(join(bin, 'pgbench'), [...client, '-i', '-s', '10', '-q', 'pgbench'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 300_000,
    })
    const out = execFileSync(
      join(bin, 'pgbench'),
      [...client, '-c', String(clients), '-j', '2', '-T', String(seconds), 'pgbench'],
      { stdio: ['ignore', 'pipe', 'pipe'], timeout: (seconds + 120) * 1000 },
    ).toString()
    const tps = /tps = ([\d.]+)/.exec(out)?.[1]
    if (!tps) throw new Error(`pgbench printed no tps:\n${out}`)
    return Number(tps)
  }
  const psql = (sql: string) =>
    execFileSync(join(bin, 'psql'), [...client, '-X', '-A', '-q', '-c', sql, 'bench'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    }).toString()
  return { url: `postgres://postgres@127.0.0.1:${port}/bench`, pgbench, psql, stop }
}
