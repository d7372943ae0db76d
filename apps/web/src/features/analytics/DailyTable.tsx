import type { DayCount } from '@docent/shared';
import { formatCount, formatDay } from './format.ts';

/**
 * The chart's numbers as a table, one row per local day: what a screen reader reads instead
 * of the canvas, and what anyone can open to read exact figures.
 */
export function DailyTable({ days }: { days: DayCount[] }) {
  const total = (key: 'conversations' | 'messages' | 'unanswered') =>
    days.reduce((n, d) => n + d[key], 0);
  return (
    <details className="daily-table">
      <summary>Show the numbers per day as a table</summary>
      <div className="daily-table__scroll">
        <table className="data-table">
          <caption className="sr-only">Conversations, messages and unanswered per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Conversations</th>
              <th scope="col">Messages</th>
              <th scope="col">Unanswered</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">
                  <time dateTime={d.date}>{formatDay(d.date, true)}</time>
                </th>
                <td>{formatCount(d.conversations)}</td>
                <td>{formatCount(d.messages)}</td>
                <td>{formatCount(d.unanswered)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td>{formatCount(total('conversations'))}</td>
              <td>{formatCount(total('messages'))}</td>
              <td>{formatCount(total('unanswered'))}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </details>
  );
}
