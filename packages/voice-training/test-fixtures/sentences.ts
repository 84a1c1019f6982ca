/** Sentences of the fixtures. The Japanese ones were written for these tests. */
export const JAPANESE_SENTENCES = [
  '今日は朝から雨が降っていたので、駅まで歩きました。',
  '新しいアバターは、写真一枚から作ることができます。',
  '週末には友達と一緒に、山へ出かける予定です。',
  '図書館で借りた本を、来週までに返さなければなりません。',
  '冷たいお茶を飲みながら、窓の外を眺めていました。',
  '小さな猫が、日向でのんびりと眠っています。',
  '明日の会議は、午後三時から始まる予定です。',
  '駅前の新しいパン屋さんは、いつも混んでいます。',
];

/** The real English recordings (shared/fixtures/speech, male readers) and their transcripts. */
export const ENGLISH_SENTENCES = [
  {
    id: '0870',
    file: 'pocketsphinx_librivox_0870.wav',
    text: 'and mister john dashwood had then leisure to consider how much there might be prudently in his power to do for them',
  },
  {
    id: '0920',
    file: 'pocketsphinx_librivox_0920.wav',
    text: 'had he married a more amiable woman he might have been made still more respectable than he was',
  },
  { id: 'cards005', file: 'pocketsphinx_cards_005.wav', text: 'eight of spades four of clubs seven of hearts' },
];
