import { runAdmin } from './admin-commands.ts'
import type { AdminDeps, AdminIo } from './command.ts'

/** What a terminal gives a command: its stdin, the answers typed at a prompt, whether it is one. */
export interface TestTerminal {
  stdin?: string
  answers?: string[]
  interactive?: boolean
}

/**
 * `admin(args, terminal)`: one command line, run as `npm run admin -- …` would, against the test
 * file's `deps()` (set in a beforeAll): its exit code and what it printed.
 */
export function adminRunner(deps: () => AdminDeps) {
  return async (args: string[], terminal: TestTerminal = {}) => {
    const out: string[] = []
    const err: string[] = []
    const answers = [...(terminal.answers ?? [])]
    const io: AdminIo = {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      interactive: terminal.interactive ?? false,
      readStdin: async () => terminal.stdin ?? '',
      askSecret: async () => answers.shift() ?? '',
    }
    const code = await runAdmin(args, async () => deps(), io)
    return { code, out: out.join('\n'), err: err.join('\n') }
  }
}
