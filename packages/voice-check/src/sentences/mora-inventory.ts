/**
 * The morae of standard Japanese as Open JTalk writes them: the gojūon with its voiced and
 * semi-voiced rows, the yōon (contracted) rows, the moraic nasal N and the geminate cl.
 * ぢ/づ are pronounced like じ/ず and を like お, so they add no sound of their own. Loanword morae
 * (ティ, ファ, シェ...) are listed apart: nice to have, not required.
 */
export const STANDARD_MORAE: readonly string[] = [
  'a', 'i', 'u', 'e', 'o',
  'ka', 'ki', 'ku', 'ke', 'ko', 'ga', 'gi', 'gu', 'ge', 'go',
  'sa', 'shi', 'su', 'se', 'so', 'za', 'ji', 'zu', 'ze', 'zo',
  'ta', 'chi', 'tsu', 'te', 'to', 'da', 'de', 'do',
  'na', 'ni', 'nu', 'ne', 'no',
  'ha', 'hi', 'fu', 'he', 'ho', 'ba', 'bi', 'bu', 'be', 'bo', 'pa', 'pi', 'pu', 'pe', 'po',
  'ma', 'mi', 'mu', 'me', 'mo',
  'ya', 'yu', 'yo',
  'ra', 'ri', 'ru', 're', 'ro',
  'wa',
  'N', 'cl',
  'kya', 'kyu', 'kyo', 'gya', 'gyu', 'gyo',
  'sha', 'shu', 'sho', 'ja', 'ju', 'jo', 'cha', 'chu', 'cho',
  'nya', 'nyu', 'nyo', 'hya', 'hyu', 'hyo', 'bya', 'byu', 'byo', 'pya', 'pyu', 'pyo',
  'mya', 'myu', 'myo', 'rya', 'ryu', 'ryo',
];

export const LOANWORD_MORAE: readonly string[] = ['ti', 'di', 'fa', 'fi', 'fe', 'fo', 'she', 'je', 'che', 'tsa', 'wi', 'we', 'wo', 'va'];
