import { convertWithModel, type VoiceModelData } from '@avatar-factory/voice-training';

export interface ConversionTask {
  model: VoiceModelData;
  samples: Float32Array;
  sampleRate: number;
}

/** Runs in a worker thread (piscina): WORLD analysis, GMM conversion and resynthesis of one clip. */
export async function convertInWorker(task: ConversionTask): Promise<{ samples: Float32Array; sampleRate: number }> {
  return convertWithModel(task.model, task.samples, task.sampleRate, { applySpeakingRate: true });
}
