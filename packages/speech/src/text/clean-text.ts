/**
 * Makes user text safe for the engines: NFKC (full-width digits and Latin to ASCII, half-width
 * kana to full-width), control and format characters out, emoji and pictographs out, whitespace
 * collapsed. Newlines survive as sentence breaks.
 */
export function cleanText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\r\n?/g, '\n')
    // Pictographs, regional-indicator flags, skin tones, variation selectors, keycap mark.
    .replace(/\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|[\u{1F3FB}-\u{1F3FF}]|\uFE0E|\uFE0F|\u20E3/gu, ' ')
    .replace(/[^\S\n]*\n[\s]*/g, '\n')
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cs}]/gu, (char) => (char === '\n' ? '\n' : ' '))
    .replace(/[^\S\n]+/g, ' ')
    .trim();
}

/** True when the text holds something an engine can pronounce: a letter or a digit. */
export function isSpeakable(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}
