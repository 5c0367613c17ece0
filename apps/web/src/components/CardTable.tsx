import type { ReactNode } from 'react';

/** A column of a card-rows table. Its heading is repeated before each of its cells on a narrow screen (`data-label`). */
export interface CardColumn {
  label: string;
  /** Figures: right-aligned. */
  num?: boolean;
  /** A heading for screen readers only (a badge column): its cells carry no label of their own on a narrow screen. */
  hidden?: boolean;
}

/** One cell of a row: its content, and for an amount with a sign, the colour of that sign. */
export interface CardCell {
  value: ReactNode;
  tone?: 'neg' | 'pos';
}

export interface CardRow {
  key: string | number;
  /** The row's own header cell (what the row is: an account, a fill), under the first column. */
  header: ReactNode;
  /** One a column after the first, in order. */
  cells: CardCell[];
}

/**
 * A table of one row a thing with a header cell and labelled cells, which becomes one card a row on a narrow
 * screen (`card-rows` in styles.css): the columns are named once and each cell takes its label from its column.
 */
export function CardTable({
  columns: [first, ...rest],
  rows,
  caption,
  className,
}: {
  columns: [CardColumn, ...CardColumn[]];
  rows: CardRow[];
  caption?: string;
  /** Added to `card-rows`. */
  className?: string;
}) {
  return (
    <div className="table-wrap">
      <table className={className ? `card-rows ${className}` : 'card-rows'}>
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            <th scope="col">{first.label}</th>
            {rest.map((column, i) => (
              <th key={i} scope="col" className={column.num ? 'num' : undefined}>
                {column.hidden ? <span className="visually-hidden">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.header}</th>
              {rest.map((column, i) => {
                const cell = row.cells[i];
                const className = [column.num && 'num', cell?.tone].filter(Boolean).join(' ');
                return (
                  <td key={i} className={className || undefined} data-label={column.hidden ? undefined : column.label}>
                    {cell?.value}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
