import type { QueueLine } from '../../api/queue.ts'
import { Fact } from '../fact.tsx'
import { measurementsOf, sizeOf } from './queue-model.ts'

/*
 * What the workshop sews a line to, the same words on the card and on the work sheet: size and
 * quantity, the body measurements as a table, and the options as the cart summed them up.
 */

export function LineFacts({ line }: { line: QueueLine }) {
  return (
    <dl className="queue-line-facts">
      <Fact term="Size">{sizeOf(line)}</Fact>
      <Fact term="Quantity">{line.qty}</Fact>
      <Fact term="SKU">{line.sku}</Fact>
    </dl>
  )
}

export function MeasurementTable({ line }: { line: QueueLine }) {
  const measurements = measurementsOf(line)
  if (measurements.length === 0) return null
  return (
    <table className="queue-measurements">
      <caption>Measurements</caption>
      <tbody>
        {measurements.map((measurement) => (
          <tr key={measurement.label}>
            <th scope="row">{measurement.label}</th>
            <td>{measurement.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function LineOptions({ line, headingLevel }: { line: QueueLine; headingLevel: 3 | 4 }) {
  // The summary names the upgrades too (a super custom design is a child line).
  if (line.summary.length === 0) return null
  const Heading = `h${headingLevel}` as const
  return (
    <div className="queue-options">
      <Heading className="queue-options-title">Options</Heading>
      <ul>
        {line.summary.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </div>
  )
}
