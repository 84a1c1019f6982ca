import { z } from 'zod';

/**
 * A list a client reads row by row: a row the client cannot read (a field it does not know how to
 * show) is left out and reported, instead of one odd row failing the whole list and the screen
 * showing 'Failed to load ...' and an empty state.
 */
export function rowsOf<Row extends z.ZodType>(row: Row, onSkipped: (issue: z.ZodError, value: unknown) => void = reportSkippedRow) {
  return z.array(z.unknown()).transform((values) =>
    values.flatMap((value) => {
      const parsed = row.safeParse(value);
      if (parsed.success) return [parsed.data as z.output<Row>];
      onSkipped(parsed.error, value);
      return [];
    }),
  );
}

function reportSkippedRow(error: z.ZodError) {
  console.warn('A list row the client cannot read was left out:', z.prettifyError(error));
}
