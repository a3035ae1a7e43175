// Child processes and temp dirs for the bench, with a last-resort cleanup: whatever way the bench
// ends (error, timeout, Ctrl-C), no server keeps running and no temp dir stays behind.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

const liveGroups = new Set<number>()
const tempDirs = new Set<string>()

function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal)
    return true
  } catch {
    return false
  }
}

/** Call once at start: kills every spawned process group and removes temp dirs on any exit. */
export function installCleanup(): void {
  process.on('exit', () => {
    for (const pid of liveGroups) signalGroup(pid, 'SIGKILL')
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true })
  })
  process.on('SIGINT', () => process.exit(130))
  process.on('SIGTERM', () => process.exit(143))
}

export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`))
  tempDirs.add(dir)
  return dir
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
  tempDirs.delete(dir)
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}

export interface Spawned {
  child: ChildProcess
  /** Resolves with the exit code (or the signal's name) once the direct child has exited. */
  exited: Promise<number | string>
  /** The last lines the process printed, for error messages. */
  output: () => string
}

/**
 * Spawns a command in its own process group (so `stop` reaches grandchildren too: the tsx CLI runs
 * the script in a second node process) and keeps the tail of its output.
 */
export function spawnGroup(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; echo?: boolean; discardStdout?: boolean },
): Spawned {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ['ignore', options.discardStdout ? 'ignore' : 'pipe', 'pipe'],
  })
  if (child.pid !== undefined) liveGroups.add(child.pid)
  let tail: string[] = []
  const keep = (chunk: Buffer) => {
    if (options.echo) process.stderr.write(chunk)
    tail = [...tail, ...chunk.toString().split('\n')].slice(-40)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<number | string>((resolve) => {
    child.once('error', (error) => {
      keep(Buffer.from(String(error)))
      resolve('error')
    })
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'))
  })
  return { child, exited, output: () => tail.join('\n').trim() }
}

/** SIGTERM to the whole group, SIGKILL after `graceMs`, and wait until the group is gone. */
export async function stopGroup(spawned: Spawned, graceMs = 15_000): Promise<void> {
  const pid = spawned.child.pid
  if (pid === undefined) return
  signalGroup(pid, 'SIGTERM')
  const deadline = Date.now() + graceMs
  // The group outlives the direct child when a grandchild is still shutting down.
  while (Date.now() < deadline && signalGroup(pid, 0)) await sleep(50)
  if (signalGroup(pid, 'SIGKILL')) {
    for (let i = 0; i < 100 && signalGroup(pid, 0); i++) await sleep(50)
  }
  await Promise.race([spawned.exited, sleep(1_000)])
  liveGroups.delete(pid)
}

/** Runs a command to completion (within `timeoutMs`), echoing its output to stderr. */
export async function runToEnd(
  command: string,
  args: string[],
  options: { cwd: string; timeoutMs: number },
): Promise<void> {
  const spawned = spawnGroup(command, args, { cwd: options.cwd, echo: true })
  const result = await Promise.race([spawned.exited, sleep(options.timeoutMs, 'timeout' as const)])
  if (result === 'timeout') {
    await stopGroup(spawned, 2_000)
    throw new Error(`${command} ${args.join(' ')} timed out after ${options.timeoutMs} ms`)
  }
  liveGroups.delete(spawned.child.pid ?? -1)
  if (result !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result})`)
}
