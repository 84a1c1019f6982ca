import type { SpeechEngine } from '@avatar-factory/speech';
import { decodeTake } from '@avatar-factory/voice-check';
import { chooseBaseVoice, medianF0, resample, serializeModel, trainVoiceModel, type TrainingPair } from '@avatar-factory/voice-training';
import type { JobHandler } from '../../jobs/queue';
import type { Storage } from '../../storage/storage';
import { voiceModelFiles } from './voice-model-files';
import { defaultModelLanguage } from './voice-models.mapper';
import type { VoiceModelsRepository } from './voice-models.repository';

/**
 * Trains a personal voice (docs/adr/0004-voice-conversion.md): picks the default voice closest in
 * pitch, renders every ready sentence with it, and fits the conversion to the user's takes.
 * Progress: 0-30 % rendering the parallel data, 30-100 % training. Cancel aborts within a second.
 */
export function trainVoiceHandler(deps: { voiceModels: VoiceModelsRepository; storage: Storage; speech: Pick<SpeechEngine, 'synthesize'> }): JobHandler<'voice.train'> {
  const { voiceModels, storage } = deps;
  return {
    async run({ voiceModelId }, ctx) {
      const model = await voiceModels.findById(voiceModelId);
      if (!model || model.status !== 'training') return;
      const report = async (percent: number, step: string) => {
        ctx.signal.throwIfAborted();
        await voiceModels.update(model.id, { progress: Math.round(percent) });
        await ctx.progress(percent, step);
      };
      const takes = new Map<string, { text: string; samples: Float32Array; sampleRate: number }>();
      for (const row of await voiceModels.listTakes(model.id)) {
        if (row.status !== 'ready' || takes.has(row.sentenceId)) continue;
        const take = await decodeTake(await storage.get(row.audioKey));
        takes.set(row.sentenceId, { text: row.text, samples: take.samples, sampleRate: take.sampleRate });
      }
      const all = [...takes.values()];
      const language = model.language ?? defaultModelLanguage;
      if (all.length === 0) throw new Error('no ready recordings to train on');
      await report(2, 'Measuring your pitch');
      const pitches = [];
      for (const take of all.slice(0, 5)) pitches.push(await medianF0(take.samples, take.sampleRate));
      pitches.sort((a, b) => a - b);
      const baseVoice = chooseBaseVoice(pitches[Math.floor(pitches.length / 2)]!, language);

      const pairs: TrainingPair[] = [];
      for (const [index, take] of all.entries()) {
        const base = await deps.speech.synthesize({ text: take.text, voice: baseVoice, language, signal: ctx.signal });
        const baseSamples = base.sampleRate === take.sampleRate ? base.samples : await resample(base.samples, base.sampleRate, take.sampleRate);
        pairs.push({ take: take.samples, base: baseSamples, sampleRate: take.sampleRate });
        await report(5 + (25 * (index + 1)) / all.length, 'Rendering the base voice');
      }

      let lastWrite = 0;
      const trained = await trainVoiceModel(pairs, {
        baseVoice,
        signal: ctx.signal,
        onProgress: (percent, step) => {
          const now = Date.now();
          if (now - lastWrite < 500) return;
          lastWrite = now;
          void report(30 + percent * 0.7, `Training: ${step}`).catch(() => undefined);
        },
      });
      ctx.signal.throwIfAborted();
      const files = voiceModelFiles(model.id);
      await storage.put(files.model, Buffer.from(serializeModel(trained)));
      const settled = await voiceModels.transition(model.id, ['training'], {
        status: 'ready',
        progress: 100,
        baseVoice,
        modelKey: files.model,
        sentenceCount: trained.metadata.sentence_count || pairs.length,
        qualityScore: trained.metadata.quality_score,
        error: null,
        trainingJobId: null,
      });
      if (!settled) await storage.remove(files.model);
    },
    async onFailed({ voiceModelId }, error) {
      await voiceModels.transition(voiceModelId, ['training'], {
        status: 'failed',
        error: `Training failed: ${error instanceof Error ? error.message : String(error)}`,
        trainingJobId: null,
      });
    },
  };
}
