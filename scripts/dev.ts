import { spawn, type ChildProcess } from 'node:child_process'

/**
 * `npm run dev`: the API server (restarted on change by tsx watch) and Vite's dev server with
 * hot reload, which proxies /api to it. Ctrl-C stops both.
 */
const apiPort = process.env.DEV_API_PORT ?? '8787'

const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      NODE_ENV: 'development',
      // Its own database, so dev and `npm start` can run side by side.
      DATA_DIR: process.env.DATA_DIR ?? './data/dev',
      // The dev server serves the pages; the API server serves /api only.
      STATIC_DIR: process.env.STATIC_DIR ?? './node_modules/.tmp/no-static',
      // Running the dev command is asking for the outbox page (still only over loopback);
      // DEV_MAIL=false turns it off here too.
      DEV_MAIL: process.env.DEV_MAIL ?? 'true',
      // Test cards and the test BitPay, as on `npm start`; TEST_PAYMENTS=false turns them off.
      TEST_PAYMENTS: process.env.TEST_PAYMENTS ?? 'true',
    },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, DEV_API_PORT: apiPort } }),
]

function stopAll(code: number) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  process.exitCode = code
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0))
process.on('SIGINT', () => stopAll(0))
process.on('SIGTERM', () => stopAll(0))
