import type { ReactNode } from 'react';

/** A column of a figures table: its heading, and whether it holds a number (aligned to the end). */
export type Column = { head: string; numeric?: boolean };

/**
 * A table of figures in a scrollable region, the first cell of each row its heading. `bar`, when
 * given, is the share (0–1) a row's first number has of the largest, drawn under the row's name.
 */
export function FigureTable({
  caption,
  columns,
  rows,
  empty,
  name,
}: {
  caption: string;
  columns: Column[];
  rows: { key: string; cells: ReactNode[]; bar?: number }[];
  empty: string;
  /** Names the table for tests and styling. */
  name: string;
}) {
  if (rows.length === 0) {
    return (
      <div data-figures={name}>
        <h3 className="mb-2 font-semibold">{caption}</h3>
        <p className="text-sm text-ink-muted">{empty}</p>
      </div>
    );
  }
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-sm" data-figures={name}>
        <caption className="mb-2 text-start font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-line-strong">
            {columns.map((c) => (
              <th
                key={c.head}
                scope="col"
                className={`p-2 ${c.numeric ? 'text-end' : 'text-start'}`}
              >
                {c.head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-line">
              {r.cells.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="min-w-40 p-2 text-start font-normal">
                    <span className="block break-words">{cell}</span>
                    {r.bar !== undefined && (
                      <span aria-hidden="true" className="mt-1 block h-1.5 rounded-sm bg-surface">
                        <span
                          className="block h-1.5 rounded-sm bg-brand"
                          style={{ width: `${Math.max(2, r.bar * 100)}%` }}
                        />
                      </span>
                    )}
                  </th>
                ) : (
                  <td
                    key={i}
                    className={`p-2 ${columns[i]?.numeric ? 'text-end tabular-nums' : 'text-start'}`}
                  >
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
