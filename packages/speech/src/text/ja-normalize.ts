/**
 * Rewrites what Open JTalk's front end misreads (measured with `open_jtalk -ot`): slashed and ISO
 * dates are read as separate numbers, clock times as "ten, thirty", and a currency sign is read
 * after the amount or not at all. Numbers, counters, "%" and Latin acronyms it already reads well.
 */
export function normalizeJapanese(text: string): string {
  return text
    .replace(/(\d{4})[/-](\d{1,2})[/-](\d{1,2})(?!\d)/g, (match, y: string, m: string, d: string) =>
      validDate(m, d) ? `${Number(y)}年${Number(m)}月${Number(d)}日` : match,
    )
    .replace(/(?<![\d/])(\d{1,2})\/(\d{1,2})(?![\d/])/g, (match, m: string, d: string) => (validDate(m, d) ? `${Number(m)}月${Number(d)}日` : match))
    .replace(/(?<![\d:])(\d{1,2}):(\d{2})(?::(\d{2}))?(?![\d:])/g, (match, h: string, min: string, s: string | undefined) => {
      if (Number(h) > 24 || Number(min) > 59 || (s !== undefined && Number(s) > 59)) return match;
      const minutes = Number(min) === 0 ? '' : `${Number(min)}分`;
      const seconds = s === undefined || Number(s) === 0 ? '' : `${Number(s)}秒`;
      return `${Number(h)}時${minutes}${seconds}`;
    })
    .replace(/[¥￥]\s?([\d,]+(?:\.\d+)?)/g, '$1円')
    .replace(/\$\s?([\d,]+(?:\.\d+)?)/g, '$1ドル')
    .replace(/€\s?([\d,]+(?:\.\d+)?)/g, '$1ユーロ');
}

function validDate(month: string, day: string): boolean {
  const m = Number(month);
  const d = Number(day);
  return m >= 1 && m <= 12 && d >= 1 && d <= 31;
}
