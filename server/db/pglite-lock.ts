import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'

/**
 * PGlite is one process's database: a second process opening the same directory gets a copy of
 * its own, and whatever either writes is lost to the other (two servers, or `npm run admin`
 * while the server runs). The lock file holds the owner's process id; a lock whose process is
 * gone (a crash, a kill) is taken over.
 */
export class DatabaseInUseError extends Error {}

function running(pid: number): boolean {
  // A pid reused by this very process after a restart (pid 1 in a container) is not an owner.
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Locks this process holds: its own pid in the file does not tell them from a stale one. */
const heldHere = new Set<string>()

/** Takes the lock at `file` or throws DatabaseInUseError; returns the function that releases it. */
export function lockDataDir(file: string): () => void {
  if (heldHere.has(file)) {
    throw new DatabaseInUseError(`The database in ${file.replace(/\.lock$/, '')} is already open.`)
  }
  for (let tries = 0; tries < 2; tries++) {
    try {
      const fd = openSync(file, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      heldHere.add(file)
      const release = () => {
        if (!heldHere.delete(file)) return
        process.off('exit', release)
        rmSync(file, { force: true })
      }
      // A process that exits without closing the database leaves no lock behind.
      process.on('exit', release)
      return release
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const content = readFileSync(file, 'utf8').trim()
      const owner = Number(content)
      // Empty: its owner is between creating the file and writing its pid.
      if (content === '' || running(owner)) {
        throw new DatabaseInUseError(
          `The database in ${file.replace(/\.lock$/, '')} is open in process ${content || '?'} ` +
            '(the server?). PGlite serves one process at a time: stop it first, or use ' +
            `DATABASE_URL. If no such process is yours, delete ${file}.`,
        )
      }
      rmSync(file, { force: true })
    }
  }
  throw new DatabaseInUseError(`Could not take the lock ${file}: another process keeps taking it.`)
}
