/** The typed map from job name to payload. Payloads carry ids only; handlers reload state. */
export interface JobPayloads {
  'avatar.generate': { avatarId: string };
  'avatar.deploy': { avatarId: string };
  'voice.check-take': { takeId: string; revision: number };
  'voice.train': { voiceModelId: string };
}
