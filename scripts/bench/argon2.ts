// Argon2id password verification as sign-in does it: the server's own hashPassword and
// verifyPassword (server/services/passwords.ts, so the cost parameters are the server's), timed one
// verification at a time on this process's thread pool, after a few unmeasured warm-up rounds.
import { performance } from 'node:perf_hooks'
import { hashPassword, verifyPassword } from '../../server/services/passwords.ts'
import { percentile } from './stats.ts'
import type { Measurement } from './types.ts'

const verifications = 50
const warmUp = 3

/** `m=19456,t=2,p=1` from a PHC string such as `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`. */
function parametersOf(phc: string): string {
  const [, algorithm, , parameters] = phc.split('$')
  return `${algorithm} ${parameters}`
}

export const argon2: Measurement = {
  name: 'argon2 verify',
  async run() {
    const stored = await hashPassword('a pilot’s passphrase of fair length')
    const times: number[] = []
    for (let round = 0; round < warmUp + verifications; round++) {
      // Alternating right and wrong passwords: a failed login costs the same as a good one.
      const password = round % 2 === 0 ? 'a pilot’s passphrase of fair length' : 'a wrong guess'
      const started = performance.now()
      const matched = await verifyPassword(stored, password)
      const elapsed = performance.now() - started
      if (matched !== (round % 2 === 0)) throw new Error('argon2 verify gave a wrong answer')
      if (round >= warmUp) times.push(elapsed)
    }
    times.sort((a, b) => a - b)
    const note = parametersOf(stored)
    return [
      {
        metric: `argon2 password verify, median of ${verifications}`,
        value: percentile(times, 50),
        unit: 'ms',
        note,
      },
      {
        metric: `argon2 password verify, p95 of ${verifications}`,
        value: percentile(times, 95),
        unit: 'ms',
        note,
      },
    ]
  },
}
