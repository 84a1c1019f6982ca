const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * Rewrites what flite misreads: ISO dates (2024-03-05) become "March 5, 2024". Characters outside
 * Latin, digits and punctuation are dropped (flite skips them silently anyway).
 */
export function normalizeEnglish(text: string): string {
  return text
    .replace(/(\d{4})-(\d{2})-(\d{2})(?!\d)/g, (match, y: string, m: string, d: string) => {
      const month = MONTHS[Number(m) - 1];
      return month && Number(d) >= 1 && Number(d) <= 31 ? `${month} ${Number(d)}, ${y}` : match;
    })
    .replace(/[^\p{Script=Latin}\p{N}\p{P}\p{S}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
