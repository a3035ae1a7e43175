// Until the server sets contract/api-mark.ts's header itself (the server work of issue 15, on
// another branch), the end-to-end server and the chaos run load this with `--import`: every
// answer under /api carries `X-Glidecraft-Api: 1`, as the server's will. Once the server sets
// it, this sets the same value again and can go.
import http from 'node:http'

const writeHead = http.ServerResponse.prototype.writeHead
http.ServerResponse.prototype.writeHead = function (...args) {
  if (this.req?.url?.startsWith('/api/') && !this.headersSent) {
    this.setHeader('X-Glidecraft-Api', '1')
  }
  return writeHead.apply(this, args)
}
