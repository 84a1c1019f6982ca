/**
 * Sentences in a text, by terminal punctuation: Latin . ! ? … before a space or the end (so '1.5'
 * stays one word), Japanese 。！？ anywhere; a trailing fragment without one counts too. Only
 * decides whether streaming is worth it; the server does the real splitting.
 */
export function countSentences(text: string): number {
  const parts = text
    .split(/(?<=[。！？])|(?<=[.!?…])(?=\s|$)/u)
    .map((part) => part.trim())
    .filter((part) => /[\p{L}\p{N}]/u.test(part));
  return parts.length;
}
