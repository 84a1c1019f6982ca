/** Storage keys of a voice model's files; built from ids only. */
export const voiceModelFiles = (voiceModelId: string) => ({
  dir: `voice-models/${voiceModelId}/`,
  take: (takeId: string, revision: number) => `voice-models/${voiceModelId}/takes/${takeId}-${revision}.wav`,
  model: `voice-models/${voiceModelId}/model.json`,
});
