// The yardstick of the throughput bench: bare node:http answering fixed bytes, nothing else.
//
//   tsx scripts/bench/bare-server.ts PORT ANSWERS.json
//
// ANSWERS.json maps a request path (with its query) to the headers and base64 body to send; each
// is what the store itself sent for that path (every header but the three node:http writes
// itself: Date, Connection, Keep-Alive), so both servers put the same bytes on the wire. Each
// answer's header object is built once, as a bare server sending fixed bytes would. A request
// with a body (the add's POST) is answered once its body has been read, as the store reads it.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

export interface BareAnswer {
  /** Names as the store wrote them, in its order (Content-Length included). */
  headers: Record<string, string>
  body: string
}

const [port, file] = process.argv.slice(2)
const answers = new Map(
  Object.entries(JSON.parse(readFileSync(file!, 'utf8')) as Record<string, BareAnswer>).map(
    ([path, answer]) => [
      path,
      { headers: answer.headers, body: Buffer.from(answer.body, 'base64') },
    ],
  ),
)

createServer((req, res) => {
  const answer = answers.get(req.url ?? '')
  if (!answer) {
    res.writeHead(404).end()
    return
  }
  const send = () => {
    res.writeHead(200, answer.headers)
    res.end(answer.body)
  }
  if (req.method === 'GET' || req.method === 'HEAD') send()
  else req.on('data', () => undefined).on('end', send)
}).listen(Number(port), '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${port}`))
